// The VietQR payload (ADR 028): an EMVCo merchant-presented QR code ("EMV QRCPS") carrying
// NAPAS's fields for a transfer to a bank account. Every banking app in Vietnam scans it and
// fills in the bank, the account, the amount and the transfer note. Pure: no server imports.

/** NAPAS's application identifier in field 38 (the VietQR "GUID"). */
export const NAPAS_GUID = "A000000727";
/** NAPAS's service code for a transfer to an account (not to a card: QRIBFTTC). */
export const TRANSFER_TO_ACCOUNT = "QRIBFTTA";
/** ISO 4217 numeric code of the Vietnamese đồng. */
const CURRENCY_VND = "704";

/** One data object: a two-digit id, a two-digit length, the value (EMVCo §4.1: at most 99). */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`VietQR: field id "${id}" is not two digits`);
  if (value.length > 99) throw new Error(`VietQR: field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR),
 * as 4 uppercase hexadecimal digits. The payload is ASCII, so characters are bytes. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export interface VietQrTransfer {
  /** The bank's NAPAS BIN, 6 digits. */
  bankBin: string;
  accountNumber: string;
  /** VND, a whole number above zero. */
  amount: number;
  /** The transfer note (field 62-08, "purpose of transaction"). */
  note: string;
}

/** The transfer note a learner's bank shows the school: "<prefix> <reference>", or the
 * reference alone without a prefix. */
export function transferNote(prefix: string, reference: string): string {
  return `${prefix.trim()} ${reference}`.trim();
}

/** The string a VietQR code encodes for one transfer with its amount ("dynamic" code, 01 = 12). */
export function vietQrPayload(transfer: VietQrTransfer): string {
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0) {
    throw new Error("VietQR: the amount must be a whole number of đồng above zero");
  }
  const beneficiary = tlv("00", transfer.bankBin) + tlv("01", transfer.accountNumber);
  const merchantAccount = tlv("00", NAPAS_GUID) + tlv("01", beneficiary) + tlv("02", TRANSFER_TO_ACCOUNT);
  const withoutCrc =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("38", merchantAccount) +
    tlv("53", CURRENCY_VND) +
    tlv("54", String(transfer.amount)) +
    tlv("58", "VN") +
    (transfer.note ? tlv("62", tlv("08", transfer.note)) : "") +
    // The checksum covers its own id and length.
    "6304";
  return withoutCrc + crc16CcittFalse(withoutCrc);
}
