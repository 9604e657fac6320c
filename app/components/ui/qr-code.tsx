// A QR code drawn on the server (app/lib/qr-code.server.ts) as an SVG: crisp at any size, and
// no encoder in the page's JavaScript.
export function QrCodeImage({
  qr,
  label,
  className,
  testId,
}: {
  qr: { size: number; path: string };
  label: string;
  className: string;
  testId?: string;
}) {
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      className={className}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
