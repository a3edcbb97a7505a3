/**
 * When each of an object's hibernating sockets was last heard from: a frame the object saw, or a ping the runtime
 * answered without waking it (`getWebSocketAutoResponseTimestamp`). A phone that loses its signal keeps its socket
 * open, so this is the only sign it has gone (ADR 016; the MatchRoom and the UserHub both count silence with it).
 */
export class SocketLiveness {
  /** Frames seen while awake; lost on hibernation, when the socket's opening time stands in. */
  private readonly heardAt = new WeakMap<WebSocket, number>();

  constructor(
    private readonly ctx: DurableObjectState,
    /** When the socket opened, from its attachment. */
    private readonly openedAt: (ws: WebSocket) => number,
  ) {}

  heard(ws: WebSocket, at = Date.now()): void {
    this.heardAt.set(ws, at);
  }

  lastHeard(ws: WebSocket): number {
    let heard = this.heardAt.get(ws);
    if (heard === undefined) {
      heard = this.openedAt(ws);
      this.heardAt.set(ws, heard);
    }
    const pinged =
      this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
    return Math.max(heard, pinged);
  }

  /** For tests: as if `ms` had passed since each socket was last heard from. */
  age(ms: number): void {
    for (const ws of this.ctx.getWebSockets())
      this.heardAt.set(ws, this.lastHeard(ws) - ms);
  }
}
