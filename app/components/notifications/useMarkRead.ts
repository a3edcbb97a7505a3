import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { NotificationsRead } from "#contract/notifications";
import type { MutationResult } from "~/server/actions.server";

/** Where Mark as read posts (routes/actions.notifications-read.tsx). */
export const MARK_READ_PATH = "/actions/notifications-read";

interface MarkJob {
  ids?: readonly number[];
  resolve: () => void;
  reject: (error: Error) => void;
  /** The fetcher has been seen busy with this job, so its next idle answer is this job's. */
  sent: boolean;
}

/**
 * Marks notifications read through the route action, one post at a time (a fetcher holds one submission, and a
 * second would cancel the first): each call waits its turn and settles with that post's answer, which gives the
 * unread count left.
 */
export function useMarkRead(
  setUnread: (count: number) => void,
): (ids?: readonly number[]) => Promise<void> {
  const fetcher = useFetcher<MutationResult<NotificationsRead>>();
  const queue = useRef<MarkJob[]>([]);
  const current = useRef<MarkJob | null>(null);
  const [queued, setQueued] = useState(0);

  useEffect(() => {
    const job = current.current;
    if (fetcher.state !== "idle") {
      if (job) job.sent = true;
      return;
    }
    if (job?.sent) {
      current.current = null;
      const answer = fetcher.data;
      if (answer?.ok) {
        setUnread(answer.answer.unread);
        job.resolve();
      } else
        job.reject(
          new Error(
            answer?.ok === false
              ? answer.error
              : "The notifications were not marked read",
          ),
        );
    }
    if (current.current) return;
    const next = queue.current.shift();
    if (!next) return;
    current.current = next;
    fetcher.submit(
      { ids: next.ids?.join(",") ?? "" },
      { method: "post", action: MARK_READ_PATH },
    );
  }, [fetcher, fetcher.state, fetcher.data, queued, setUnread]);

  return useCallback((ids?: readonly number[]) => {
    if (ids && ids.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      queue.current.push({ ids, resolve, reject, sent: false });
      setQueued((count) => count + 1);
    });
  }, []);
}
