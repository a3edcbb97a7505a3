import type { UserClientEvent, UserServerEvent } from "#contract/user-socket";
import { createReceipts, type Receipts } from "../../app/lib/receipts";
import {
  createSocketClient,
  type SocketClient,
} from "../../app/lib/socket-client";
import { request, type Player } from "./helpers";

/**
 * The browser's user socket as the tests play it: the real socket client (outbox, reconnects) and the real receipts
 * (de-duplication, acknowledgements) of `app/lib`, over real sockets through the Worker. The test can break the
 * link under it: `drop` closes it (the server hears the close), `goDead` silently loses everything both ways while
 * the server still holds the socket open (a phone that lost its signal), `notice` lets the client find out.
 */
export interface ChatClient {
  /** Every event the page's listeners got, in order: what survived the receipts' de-duplication. */
  readonly events: UserServerEvent[];
  /** Ids of the chat messages the page got, in order (after de-duplication). */
  readonly delivered: string[];
  /** Every message id named in a `messages_received` frame that really left on a live link. */
  readonly acknowledged: Set<string>;
  /** For each connection the server accepted, the chat message ids it sent there (lost ones included). */
  readonly sentPerConnection: string[][];
  readonly client: SocketClient<UserClientEvent>;
  readonly receipts: Receipts;
  /** The link of the current connection attempt. */
  link(): Link | null;
  /** Resolves once the client's socket is open (again). */
  opened(): Promise<void>;
  /** The server's sockets of links that went dead are closed now (the server noticed too). */
  closeAbandoned(): void;
  close(): void;
}

export interface Link {
  /** Closes the socket now; the client sees it at once and reconnects. */
  drop(): void;
  /** From now on nothing gets through either way, and the server's socket stays open. */
  goDead(): void;
  readonly dead: boolean;
  /** The client notices a dead link and reconnects; the server's socket is closed later, by `closeAbandoned`. */
  notice(): void;
}

export function chatClient(player: Player): ChatClient {
  const events: UserServerEvent[] = [];
  const delivered: string[] = [];
  const acknowledged = new Set<string>();
  const sentPerConnection: string[][] = [];
  const abandoned: WebSocket[] = [];
  /** Every connection attempt's link, the current one last. */
  const links: LinkSocket[] = [];
  let openWaiters: Array<() => void> = [];

  class LinkSocket implements Link {
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    dead = false;
    private socket: WebSocket | null = null;
    private closed = false;

    constructor() {
      links.push(this);
      void request("/ws", {
        headers: {
          Upgrade: "websocket",
          Authorization: `Bearer ${player.token}`,
        },
      }).then(
        (response) => this.accepted(response),
        () => this.onerror?.(),
      );
    }

    private accepted(response: Response) {
      const ws = response.webSocket;
      if (response.status !== 101 || !ws) {
        this.onerror?.();
        return;
      }
      ws.accept();
      this.socket = ws;
      const sent: string[] = [];
      sentPerConnection.push(sent);
      ws.addEventListener("message", (message) => {
        const frame = JSON.parse(message.data as string) as UserServerEvent;
        if (frame.event === "new_message" && frame.data.user === player.userId)
          sent.push(frame.data.msg_id);
        if (!this.dead) this.onmessage?.({ data: message.data });
      });
      ws.addEventListener("close", (event) => {
        if (!this.dead) this.onclose?.({ code: event.code });
      });
      if (this.closed) this.close();
      else this.onopen?.();
    }

    send(frame: string) {
      if (!this.socket) throw new Error("The socket is not open yet");
      if (this.dead) return;
      this.socket.send(frame);
      const event = JSON.parse(frame) as UserClientEvent;
      if (event.event === "messages_received")
        for (const id of event.data.msg_ids) acknowledged.add(id);
    }

    close() {
      this.closed = true;
      if (this.dead) {
        if (this.socket) abandoned.push(this.socket);
        return;
      }
      try {
        this.socket?.close(1000, "client");
      } catch {
        // Already closed.
      }
    }

    drop() {
      this.onclose?.({ code: 1006 });
    }

    goDead() {
      this.dead = true;
    }

    notice() {
      this.onclose?.({ code: 1006 });
    }
  }

  const client = createSocketClient<UserClientEvent, UserServerEvent>({
    url: "wss://playfeed.test/ws",
    WebSocketImpl: LinkSocket as unknown as typeof WebSocket,
    minDelayMs: 1,
    maxDelayMs: 20,
    onStatus: (status) => {
      if (status === "open") openWaiters.splice(0).forEach((wake) => wake());
    },
    onEvent: (event) => {
      if (!receipts.accept(event)) return;
      events.push(event);
      if (event.event === "new_message" && event.data.user === player.userId)
        delivered.push(event.data.msg_id);
    },
  });
  const receipts = createReceipts({
    viewerId: player.userId,
    send: (event) => client.send(event),
  });

  return {
    events,
    delivered,
    acknowledged,
    sentPerConnection,
    client,
    receipts,
    link: () => links.at(-1) ?? null,
    opened: () =>
      client.status === "open"
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            openWaiters = [...openWaiters, resolve];
          }),
    closeAbandoned,
    close() {
      receipts.close();
      client.close();
      closeAbandoned();
    },
  };

  function closeAbandoned() {
    for (const ws of abandoned.splice(0))
      try {
        ws.close(1000, "gone");
      } catch {
        // Already closed.
      }
  }
}
