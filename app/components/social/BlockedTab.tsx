import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import type { BlockedPerson } from "#contract/social";
import { formatDay } from "#contract/format";
import type { action as socialAction } from "~/routes/social";
import { ReturnHereField } from "../ActionForm";
import { EmptyState } from "../EmptyState";
import { AlertIcon } from "../icons";
import { Loader } from "../Loader";
import { BlockIcon } from "./icons";
import { PersonAvatar } from "./PersonAvatar";
import "./BlockedTab.css";

export interface BlockedTabProps {
  /** The tab is on screen: the list is asked for each time it opens, so a block made meanwhile shows. */
  active: boolean;
  /** The list the page's loader read (`/social?tab=blocked`), shown at once instead of asking again. */
  initial?: BlockedPerson[] | null;
}

/**
 * The people the viewer blocked (GET /api/social/blocked/people), each with Unblock. Unblock is a form posting to
 * /social's action, so it works without JavaScript; with it, the row leaves in place.
 */
export function BlockedTab({ active, initial = null }: BlockedTabProps) {
  const [people, setPeople] = useState<BlockedPerson[] | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [unblocked, setUnblocked] = useState<string | null>(null);
  const fromLoader = useRef(initial !== null);
  const request = useRef(0);

  const load = useCallback(async (quiet: boolean) => {
    const mine = ++request.current;
    if (!quiet) setError(null);
    try {
      const list = await apiFetch<BlockedPerson[]>(
        "/api/social/blocked/people",
      );
      if (mine !== request.current) return;
      setPeople(list);
      setError(null);
    } catch (failure) {
      if (mine === request.current) setError(errorMessage(failure));
    }
  }, []);

  useEffect(() => {
    if (!active) return;
    if (fromLoader.current) fromLoader.current = false;
    else void load(true);
  }, [active, load]);

  const removed = useCallback((person: BlockedPerson) => {
    setPeople(
      (list) => list?.filter((shown) => shown._id !== person._id) ?? list,
    );
    setUnblocked(person.name);
  }, []);

  let body;
  if (!people && error) {
    body = (
      <EmptyState
        title="Blocked people could not be loaded"
        icon={<AlertIcon size={28} />}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => void load(false)}
          >
            Try again
          </button>
        }
      >
        <p role="alert">{error}</p>
      </EmptyState>
    );
  } else if (!people) {
    body = <Loader block />;
  } else if (people.length === 0) {
    body = (
      <EmptyState
        title="You have not blocked anyone"
        icon={<BlockIcon size={28} />}
      >
        <p>
          To block someone, open the ⋯ menu beside their name in Friends or in
          your chat with them. People you block cannot message you, challenge
          you or follow you, and they show up here until you unblock them.
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="people-list" data-testid="blocked-list">
        {people.map((person) => (
          <li
            key={person._id}
            className="person blocked-row"
            data-testid="blocked-person"
          >
            <PersonAvatar person={person} />
            <span className="person__text">
              <span className="person__name">{person.name}</span>
              <span className="person__meta">
                Blocked {formatDay(person.blocked_dt)}
              </span>
            </span>
            <div className="person__actions">
              <UnblockButton person={person} onUnblocked={removed} />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="social-section" aria-label="Blocked people">
      {people && people.length > 0 ? (
        <p className="blocked-intro">
          People you blocked cannot message you, challenge you or follow you.
          Unblocking does not make you friends again: follow them from Find
          People if you want to.
        </p>
      ) : null}
      {unblocked ? (
        <p className="alert alert--success blocked-done" role="status">
          {unblocked} is unblocked.
        </p>
      ) : null}
      {body}
    </section>
  );
}

function UnblockButton({
  person,
  onUnblocked,
}: {
  person: BlockedPerson;
  onUnblocked: (person: BlockedPerson) => void;
}) {
  const fetcher = useFetcher<typeof socialAction>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each answer counts once: telling the list changes `person`, which must not tell it again.
  const told = useRef<typeof answer>(undefined);
  useEffect(() => {
    if (!answer?.ok || told.current === answer) return;
    told.current = answer;
    onUnblocked(person);
  }, [answer, person, onUnblocked]);

  return (
    <fetcher.Form method="post" action="/social" className="follow">
      <input type="hidden" name="intent" value="unblock" />
      <input type="hidden" name="user_id" value={person._id} />
      <ReturnHereField to="/social?tab=blocked" />
      <button
        type="submit"
        className="button button--secondary button--small"
        aria-label={`Unblock ${person.name}`}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
        Unblock
      </button>
      {answer?.ok === false ? (
        <span className="follow__error" role="alert">
          {answer.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
