import { DurableObject } from "cloudflare:workers";
import { assertNever, parseClientEvent, PING_FRAME, PONG_FRAME, type ServerEvent } from "../../app/lib/protocol";

interface SocketAttachment {
  userId: number;
  connectedAt: number;
}

/** Header the Worker sets after authenticating; the hub is only reachable through the Worker. */
export const USER_ID_HEADER = "X-Playfeed-User";

/** One per user: holds that user's sockets (one per browser tab) and sleeps while they are idle. */
export class UserHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const userId = Number(request.headers.get(USER_ID_HEADER));
    if (!Number.isInteger(userId) || userId <= 0) return new Response("Unknown user", { status: 400 });

    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ userId, connectedAt: Date.now() } satisfies SocketAttachment);
    this.send(server, { event: "connected", data: { userId, connections: this.ctx.getWebSockets().length } });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Number of open sockets: more than zero means the user is online. */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const parsed = parseClientEvent(message);
    if (!parsed.ok) {
      this.send(ws, { event: "error", data: { message: parsed.message } });
      return;
    }
    const { event } = parsed;
    switch (event.event) {
      case "ping":
        this.send(ws, { event: "pong" });
        return;
      default:
        assertNever(event.event);
    }
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed by the runtime.
    }
  }

  private send(ws: WebSocket, event: ServerEvent): void {
    ws.send(JSON.stringify(event));
  }
}
