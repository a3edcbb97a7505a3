import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { partsOnThePage } from "./components/on-demand";

// Remix's own entry, but the code of the parts the server's HTML shows on demand (components/on-demand.tsx) is in
// before React takes the page over. A page without such a part hydrates at once.
void partsOnThePage(document).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
