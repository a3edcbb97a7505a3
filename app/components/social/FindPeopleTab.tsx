import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Friend } from "#contract/types";
import type { FindAnswer } from "#contract/social";
import type { action as followAction } from "~/routes/actions.follow";
import { ACTION_PATHS, ReturnHereField } from "../ActionForm";
import { EmptyState } from "../EmptyState";
import { AlertIcon, CheckIcon } from "../icons";
import { SearchIcon } from "../page-icons";
import { Loader } from "../Loader";
import { UserPlusIcon } from "./icons";
import { PersonAvatar } from "./PersonAvatar";
import { SearchField } from "./SearchField";
import { usePeopleSearch } from "./usePeopleSearch";
import "./FindPeopleTab.css";

/** SPEC.md §8: the empty Find People list. */
const EMPTY_PEOPLE_MESSAGE = "You don't have people";

export interface FindPeopleTabProps {
  viewerId: number;
  /** The tab is on screen: the first search waits for it. */
  active: boolean;
  /** Someone was followed: the friends list has a new name. */
  onFollowed: (person: Friend) => void;
  /**
   * Whom the viewer follows now: the friends list, kept live by unfriends and blocks elsewhere on the page. Null while
   * it loads, when each result's own followStatus stands.
   */
  followingIds?: ReadonlySet<number> | null;
  /** The search the page's loader ran (`/social?tab=find&q=`), shown at once instead of asking again. */
  initial?: { query: string; answer: FindAnswer | null; error: string | null };
}

/**
 * SPEC.md §2 Find People: players searched on the server by name (GET /api/social/find/{userId}?q=&page=), a page at
 * a time with "Load more", each with Follow, which becomes Following, disabled (SPEC.md §4 Follow).
 */
export function FindPeopleTab({
  viewerId,
  active,
  onFollowed,
  followingIds = null,
  initial,
}: FindPeopleTabProps) {
  const search = usePeopleSearch(viewerId, active, initial);
  const { query, setQuery, searched, results, loading, error, load } = search;
  const followed = (person: Friend) => {
    search.markFollowed(person);
    onFollowed(person);
  };

  let body;
  if (!results && error) {
    body = (
      <EmptyState
        title="People could not be loaded"
        icon={<AlertIcon size={28} />}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => void load(searched ?? "", 0)}
          >
            Try again
          </button>
        }
      >
        <p role="alert">{error}</p>
      </EmptyState>
    );
  } else if (!results) {
    body = <Loader block />;
  } else if (results.people.length === 0) {
    body = (
      <EmptyState title={EMPTY_PEOPLE_MESSAGE} icon={<SearchIcon size={28} />}>
        <p>
          {results.query
            ? `Nobody's name starts with “${results.query}”. Try another name.`
            : "Nobody else is here yet. Invite your friends to join you."}
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="people-list" data-testid="people-list">
          {results.people.map((person) => (
            <li key={person._id} className="person" data-testid="person">
              <PersonAvatar person={person} />
              <span className="person__text">
                <span className="person__name">{person.name}</span>
              </span>
              <div className="person__actions">
                <FollowButton
                  person={person}
                  following={
                    followingIds
                      ? followingIds.has(person._id)
                      : person.followStatus
                  }
                  onFollowed={followed}
                />
              </div>
            </li>
          ))}
        </ul>
        {error ? (
          <p className="alert alert--error social-error" role="alert">
            <AlertIcon size={18} />
            {error}
          </p>
        ) : null}
        {results.hasMore ? (
          <div className="social-more">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void load(results.query, results.page + 1)}
              disabled={loading !== null}
              aria-busy={loading === "more"}
            >
              {loading === "more" ? (
                <span className="button__spinner" aria-hidden="true" />
              ) : null}
              {loading === "more" ? "Please wait" : "Load more"}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="social-section" aria-label="Find People">
      {/* Without JavaScript, Enter asks the page again with ?q=; with it, typing searches as it goes. */}
      <form
        method="get"
        action="/social"
        role="search"
        className="social-toolbar"
        onSubmit={(event) => event.preventDefault()}
      >
        <input type="hidden" name="tab" value="find" />
        <SearchField
          name="q"
          value={query}
          onChange={setQuery}
          busy={loading === "first" && results !== null}
        />
      </form>
      {body}
    </section>
  );
}

function FollowButton({
  person,
  following,
  onFollowed,
}: {
  person: Friend;
  following: boolean;
  onFollowed: (person: Friend) => void;
}) {
  const fetcher = useFetcher<typeof followAction>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each answer counts once: telling the list changes `person`, which must not tell it again.
  const told = useRef<typeof answer>(undefined);
  useEffect(() => {
    if (!answer?.ok || told.current === answer) return;
    told.current = answer;
    onFollowed(person);
  }, [answer, person, onFollowed]);

  if (following) {
    return (
      <button
        type="button"
        className="button button--secondary button--small follow-button is-following"
        disabled
      >
        <CheckIcon size={16} /> Following
      </button>
    );
  }

  return (
    <fetcher.Form method="post" action={ACTION_PATHS.follow} className="follow">
      <input type="hidden" name="intent" value="follow" />
      <input type="hidden" name="to" value={person._id} />
      <ReturnHereField />
      <button
        type="submit"
        className="button button--primary button--small follow-button"
        aria-label={`Follow ${person.name}`}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? (
          <span className="button__spinner" aria-hidden="true" />
        ) : (
          <UserPlusIcon size={16} />
        )}
        Follow
      </button>
      {answer?.ok === false ? (
        <span className="follow__error" role="alert">
          {answer.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
