// Text inside XML documents (RSS, sitemap): escaped, and without the control characters XML 1.0
// forbids (a stray one in a post would make the whole feed unreadable).
function isXmlChar(char: string) {
  const code = char.codePointAt(0)!;
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
}

export function escapeXml(value: string): string {
  return Array.from(value)
    .filter(isXmlChar)
    .join("")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}
