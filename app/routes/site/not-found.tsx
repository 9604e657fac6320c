import { ErrorPage } from "~/components/site/error-page";

/** Any unknown path: a real 404 status, rendered inside the public layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
