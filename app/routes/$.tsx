/** Any address no other route claims: a real 404, rendered by the root error boundary. */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
