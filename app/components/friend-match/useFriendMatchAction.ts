import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import type { action as friendMatchAction } from "~/routes/actions.friend-match";

/** Where the invitation dialog and the Rematch panel post (routes/actions.friend-match.tsx). */
export const FRIEND_MATCH_ACTION = "/actions/friend-match";

type Result = NonNullable<
  ReturnType<typeof useFetcher<typeof friendMatchAction>>["data"]
>;
export type FriendMatchAnswer = Extract<Result, { ok: true }>["answer"];

/**
 * A fetcher posting to the friend-match action: `onAnswer` with the service's answer, or `onProblem` with the
 * message to show, once per post. `busy` while a post is on its way.
 */
export function useFriendMatchAction(
  onAnswer: (answer: FriendMatchAnswer) => void,
  onProblem: (message: string) => void,
) {
  const fetcher = useFetcher<typeof friendMatchAction>();
  const callbacks = useRef({ onAnswer, onProblem });
  callbacks.current = { onAnswer, onProblem };
  const handled = useRef<Result | null>(null);
  const { state, data, submit: post } = fetcher;
  // The answer counts as soon as it is in, not after the page's loaders have been read again.
  useEffect(() => {
    if (!data || handled.current === data) return;
    handled.current = data;
    if (data.ok) callbacks.current.onAnswer(data.answer);
    else callbacks.current.onProblem(data.error);
  }, [data]);
  const submit = useCallback(
    (fields: Record<string, string>) =>
      post(fields, { method: "post", action: FRIEND_MATCH_ACTION }),
    [post],
  );
  return { fetcher, busy: state !== "idle", submit };
}
