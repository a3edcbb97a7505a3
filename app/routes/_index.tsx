import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

export async function loader({ context }: LoaderFunctionArgs) {
  return { sections: await context.services.games.listByCategory() };
}

export default function Home() {
  const { sections } = useLoaderData<typeof loader>();
  return <main><h1>Playfeed</h1>{sections.map((s) => <section key={s._id}><h2>{s.name}</h2></section>)}</main>;
}
