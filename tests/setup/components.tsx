import { createRemixStub } from "@remix-run/testing";
import { configure, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Outlet } from "@remix-run/react";
import { vi } from "vitest";
import type { Viewer } from "~/lib/viewer";

/**
 * The boundaries a component test replaces: the browser's WebSocket and fetch. Everything between them and the
 * component (socket client, providers, reducers, apiFetch) is the real code; worker and browser tests cover the server.
 */

// The default second is too short for a route's navigation on a loaded machine; a wait still ends as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly sent: string[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error("No socket was opened");
    return socket;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** The server side. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(event: unknown): void {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  /** The events the page sent, parsed. */
  events(): Array<{ event: string; id?: string; data?: unknown }> {
    return this.sent.map(
      (frame) =>
        JSON.parse(frame) as { event: string; id?: string; data?: unknown },
    );
  }
}

export function installFakeWebSocket(): void {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
}

type Answer = {
  status?: number;
  body: unknown;
  /** The answer waits for this: a slow network, for a test of what the page shows meanwhile. */
  held?: Promise<unknown>;
};

export interface FakeApi {
  /** Answers `METHOD /path` (the query included when given) with this status and JSON body, until answered again. */
  answer(route: string, answer: Answer): void;
  /** The requests made so far, as `METHOD /path?query` with their JSON bodies. */
  calls: Array<{ route: string; body: unknown }>;
}

/** A fetch that answers only the routes a test names; any other request fails. */
export function installFakeApi(): FakeApi {
  const answers = new Map<string, Answer>();
  const calls: FakeApi["calls"] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === "string"
          ? input
          : input instanceof URL
            ? input.href
            : input.url,
        "http://localhost",
      );
      const method = (init?.method ?? "GET").toUpperCase();
      const body =
        typeof init?.body === "string"
          ? (JSON.parse(init.body) as unknown)
          : null;
      const withQuery = `${method} ${url.pathname}${url.search}`;
      calls.push({ route: withQuery, body });
      const answer =
        answers.get(withQuery) ?? answers.get(`${method} ${url.pathname}`);
      if (!answer)
        return Promise.reject(new Error(`Unexpected request: ${withQuery}`));
      return Promise.resolve(answer.held).then(
        () =>
          new Response(JSON.stringify(answer.body), {
            status: answer.status ?? 200,
            headers: { "Content-Type": "application/json" },
          }),
      );
    }),
  );
  // Analytics beacons go the same way, so they too are seen and never leave the test.
  if (typeof navigator !== "undefined" && "sendBeacon" in navigator)
    vi.spyOn(navigator, "sendBeacon").mockImplementation((url) => {
      calls.push({ route: `BEACON ${String(url)}`, body: null });
      return true;
    });
  return {
    calls,
    answer: (route, answer) => void answers.set(route, answer),
  };
}

export const viewer = (overrides: Partial<Viewer> = {}): Viewer => ({
  _id: 1,
  name: "Ava Player",
  first_name: "Ava",
  profile_img: null,
  profile_pic: null,
  wallet: 100,
  can_write: false,
  login_day: 1,
  daily_bonus_status: 1,
  ...overrides,
});

export interface RenderOptions {
  user?: Viewer | null;
  /** Wraps the page as app/root.tsx does (the providers it needs). */
  wrap?: (page: ReactElement) => ReactElement;
  /** Extra routes beside the page's, e.g. where it navigates. */
  routes?: Array<{
    path: string;
    Component: () => ReactElement;
    loader?: () => Promise<unknown> | Record<string, unknown> | null;
  }>;
  path?: string;
  initialEntry?: string;
  loader?: () => Promise<unknown> | Record<string, unknown>;
  /** The page route's action: what its forms and fetchers post to. */
  action?: (args: {
    request: Request;
  }) => Promise<Record<string, unknown>> | Record<string, unknown>;
  Component?: () => ReactElement;
}

/**
 * Renders a page under a Remix root route (id "root", whose data `useViewer` reads) in a memory router, the way
 * app/root.tsx would hold it.
 */
export function renderInRoot(
  page: ReactElement | null,
  {
    user = viewer(),
    wrap = (element) => element,
    routes = [],
    path = "/",
    initialEntry = path,
    loader,
    action,
    Component,
  }: RenderOptions = {},
) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => ({
        user,
        mediaBase: "/media/",
        googleClientId: null,
        adClientId: null,
      }),
      Component: () => wrap(<Outlet />),
      children: [
        {
          ...(path === "/" ? { index: true } : { path }),
          loader,
          action,
          Component: Component ?? (() => page ?? <></>),
        },
        ...routes,
      ],
    },
  ]);
  return render(<Stub initialEntries={[initialEntry]} />);
}
