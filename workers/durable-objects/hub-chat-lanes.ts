import type {
  ChatAnswer,
  ChatExchange,
  ChatExchangeAnswer,
  SentMessage,
} from "./Conversation";
import { conversationOf } from "./hubs";

/**
 * How long a receipt (`messages_received`) waits here for a message of this user to the same friend to ride along
 * with (one call to the Conversation instead of two, and the friend's hub hears both in one). The sender's
 * "delivered" tick comes at most this much later in a one-way chat.
 */
const RECEIPT_HOLD_MS = 500;

type Unseen = NonNullable<ChatExchangeAnswer["unseen"]>;

/** A part of an exchange waiting for its batch: settled with that part's answer. */
interface Waiting<T> {
  resolve: (answer: T) => void;
  reject: (error: unknown) => void;
}

/** Puts a part in its queue; the promise settles with that part's answer when its exchange is answered. */
export function waitIn<P, T>(
  queue: Array<P & Waiting<T>>,
  part: P,
): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    queue.push({ ...part, resolve, reject }),
  );
}

/** What this hub's user asked of one conversation and is not yet on its way: the next exchange (`ChatExchange`). */
export interface ChatLane {
  userId: number;
  userName: string;
  messages: Array<
    { msgId: string; content: string } & Waiting<ChatAnswer<SentMessage>>
  >;
  received: Array<{ msgIds: string[] } & Waiting<void>>;
  /** Answered with what the conversation counted still unseen after the report (the inbox's count). */
  seen: Array<{ msgId: string | null } & Waiting<ChatAnswer<Unseen>>>;
  /** An exchange of this lane is on its way: the next waits for its answer, so they reach the Conversation in order. */
  busy: boolean;
  /** Receipts go even with no message to ride with. */
  receiptsDue: boolean;
  /** The timer that sends receipts waiting alone when their hold is over. */
  hold: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Friend → what goes to their Conversation next: frames about one chat reach it in order, batched. A receipt alone
 * waits on a timer in memory, not the hub's alarm: setting an alarm is a storage write, two a hold (set, then moved
 * back), and the receipts it would send live only in memory anyway, so an alarm after an eviction has nothing to
 * send (ADR 049).
 */
export class ChatLanes {
  private readonly lanes = new Map<number, ChatLane>();

  constructor(private readonly env: Env) {}

  /**
   * Puts a part of the next exchange with `friendId`'s conversation in that lane and starts the exchange unless one
   * is on its way (then this part goes with the next, when that one is answered). A receipt alone waits up to
   * RECEIPT_HOLD_MS for a message to ride with.
   */
  inLane<T>(
    userId: number,
    friendId: number,
    add: (lane: ChatLane) => Promise<T>,
  ): Promise<T> {
    let lane = this.lanes.get(friendId);
    if (!lane) {
      lane = {
        userId,
        userName: "",
        messages: [],
        received: [],
        seen: [],
        busy: false,
        receiptsDue: false,
        hold: undefined,
      };
      this.lanes.set(friendId, lane);
    }
    const answer = add(lane);
    this.run(friendId, lane);
    return answer;
  }

  /** Sends what the lane holds as one exchange, unless one is on its way or only receipts wait (and may wait). */
  private run(friendId: number, lane: ChatLane): void {
    if (lane.busy) return;
    const receiptsGo =
      lane.receiptsDue || lane.messages.length > 0 || lane.seen.length > 0;
    if (!receiptsGo) {
      if (lane.received.length > 0 && lane.hold === undefined)
        lane.hold = setTimeout(() => {
          lane.hold = undefined;
          lane.receiptsDue = true;
          this.run(friendId, lane);
        }, RECEIPT_HOLD_MS);
      if (lane.received.length === 0 && this.lanes.get(friendId) === lane)
        this.lanes.delete(friendId);
      return;
    }
    clearTimeout(lane.hold);
    lane.hold = undefined;
    lane.receiptsDue = false;
    const messages = lane.messages.splice(0);
    const received = lane.received.splice(0);
    const seen = lane.seen.splice(0);
    lane.busy = true;
    const exchange: ChatExchange = {
      userId: lane.userId,
      friendId,
      userName: lane.userName,
      messages: messages.map(({ msgId, content }) => ({ msgId, content })),
      received: received.flatMap((part) => part.msgIds),
      seen: seen.map((part) => part.msgId),
    };
    conversationOf(this.env, lane.userId, friendId)
      .exchange(exchange)
      .then(
        (answer) => {
          messages.forEach((part, index) => part.resolve(answer.sent[index]));
          for (const part of received) part.resolve();
          seen.forEach((part, index) => {
            const reported = answer.seen[index];
            part.resolve(
              reported.ok
                ? {
                    ok: true,
                    value: answer.unseen ?? { count: 0, upToSeq: 0 },
                  }
                : reported,
            );
          });
        },
        (error: unknown) => {
          for (const part of [...messages, ...received, ...seen])
            part.reject(error);
        },
      )
      .finally(() => {
        lane.busy = false;
        this.run(friendId, lane);
      });
  }
}
