import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { conversationOf } from "../../workers/durable-objects/hubs";

/** The status of every message in the conversation of `a` and `b`, in the order stored. */
export async function storedStatuses(
  a: number,
  b: number,
): Promise<Array<{ msg_id: string; status: number; recipient_id: number }>> {
  return runInDurableObject(conversationOf(env, a, b), (_instance, state) => {
    const stored =
      state.storage.sql
        .exec(
          "select 1 from sqlite_master where type = 'table' and name = 'messages'",
        )
        .toArray().length > 0;
    if (!stored) return [];
    return state.storage.sql
      .exec<{
        msg_id: string;
        status: number;
        recipient_id: number;
      }>("select msg_id, status, recipient_id from messages order by seq")
      .toArray();
  });
}
