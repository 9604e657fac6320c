// The one place that formats numbers and dates for display (spec §9).

/** spec §9: "Prices are shown as a number with the suffix đ" — dot thousands separators:
 * 2500000 → "2.500.000đ". The same in every interface language. */
export function formatPriceVnd(price: number) {
  const digits = Math.round(price).toString();
  return `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}đ`;
}

/** spec §9: "Dates are shown in the Vietnamese format": dd/mm/yyyy, in Vietnam's time zone. */
export function formatDateVi(date: Date | string) {
  return new Intl.DateTimeFormat("vi-VN", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Asia/Ho_Chi_Minh",
  }).format(new Date(date));
}

/** dd/mm/yyyy hh:mm in Vietnam's time zone, where the time of day matters (mail, notes, replies). */
export function formatDateTimeVi(date: Date | string) {
  return new Intl.DateTimeFormat("vi-VN", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Ho_Chi_Minh",
  }).format(new Date(date));
}
