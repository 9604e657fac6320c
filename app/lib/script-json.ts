/** JSON to write inside a <script> element (structured data, a page's texts): "<" is written as
 * \u003c, so no value can end the element early ("</script>") or open a comment. */
export function jsonForScript(data: unknown) {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
