import { useStylePreloadGuard } from "~/lib/style-preloads";
import type {
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "@remix-run/react";
// The shell's own styles, and small parts' that many pages show (parts.css); other components and routes import
// theirs beside them, so they load with the page that uses them.
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/ui.css";
import "./styles/parts.css";
import { PendingRounds } from "./components/PendingRounds";
import { AppShell } from "./components/AppShell";
import { MultiplayerProvider } from "./components/MultiplayerProvider";
import { NavigationProgress } from "./components/NavigationProgress";
import { OfflineNotice } from "./components/OfflineNotice";
import {
  ReconnectingIndicator,
  SocketProvider,
} from "./components/SocketProvider";
import { MessageAlert } from "./components/social/MessageAlert";
import { MatchInviteDialog } from "./components/friend-match/MatchInviteDialog";
import { PushPrompt } from "./components/push/PushPrompt";
import { ErrorPage } from "./components/ErrorPage";
import { useNonce } from "./components/nonce";
import { useViewer, type RootData } from "./components/root-data";
import { pageTitle } from "#contract/format";
import {
  OFFLINE_PAGE,
  isNetworkFailure,
  useOfflineReload,
  useOfflineReloadDone,
} from "./lib/network";
import { EARLY_TAPS_SCRIPT, useEarlyTaps } from "./lib/early-taps";
import { useRouteCodeLoaded, useServiceWorker } from "./lib/service-worker";
import { toViewer } from "./lib/viewer";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installing the app (ADR 018): scripts/build-app-manifest.mjs writes both from the logo and the design tokens.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = ({ error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      {
        title: pageTitle(
          notFound
            ? "Page not found"
            : isNetworkFailure(error)
              ? OFFLINE_PAGE.title
              : "Something went wrong",
        ),
      },
    ];
  }
  return [
    { title: pageTitle() },
    {
      name: "description",
      content:
        "Playfeed: play free casual games instantly in your browser, challenge friends and climb the leaderboards.",
    },
  ];
};

export async function loader({
  request,
  context,
}: LoaderFunctionArgs): Promise<RootData> {
  const user = await context.services.sessions.userForRequest(request);
  // One query and one call to the player's own hub, side by side; a visitor costs neither.
  const [unread, unreadMessages] = user
    ? await Promise.all([
        context.services.notifications.unreadCount(user.id),
        context.services.social.unreadMessages(user.id),
      ])
    : [0, 0];
  return {
    user: toViewer(user),
    mediaBase: context.mediaBase,
    site: new URL(request.url).origin,
    googleClientId: context.googleClientId ?? null,
    adClientId: context.adClientId,
    unread,
    unreadMessages,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useEarlyTaps();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // The page's own markup on the server; in the browser the script has run, and its text stays out of the bundle.
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR ? EARLY_TAPS_SCRIPT : "",
          }}
        />
        <meta
          name="viewport"
          content="width=device-width, initial-scale=1, viewport-fit=cover"
        />
        <meta name="theme-color" content="#0b0c1a" />
        <meta name="color-scheme" content="dark" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useServiceWorker(useViewer()?._id ?? null);
  useRouteCodeLoaded(useLocation().key);
  useOfflineReloadDone();
  useStylePreloadGuard();
  return (
    <SocketProvider>
      <MultiplayerProvider>
        <AppShell>
          <Outlet />
          <MessageAlert />
          <MatchInviteDialog />
        </AppShell>
        <ReconnectingIndicator />
        <NavigationProgress />
        <PendingRounds />
        <OfflineNotice />
        <PushPrompt />
      </MultiplayerProvider>
    </SocketProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : undefined;
  const { reloading, offline } = useOfflineReload(error);
  if (!isRouteErrorResponse(error) && !reloading && !offline)
    console.error(error);
  return (
    <>
      <AppShell mode="default">
        {reloading ? null : offline ? (
          <ErrorPage offline status={status} />
        ) : (
          <ErrorPage status={status} message={message} />
        )}
      </AppShell>
      <NavigationProgress />
    </>
  );
}
