import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import type { FindAnswer } from "#contract/social";
import type { Friend } from "#contract/types";

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

export interface Results {
  query: string;
  people: Friend[];
  page: number;
  hasMore: boolean;
}

/**
 * Find People's search: GET /api/social/find/{userId}?q=&page= as typing pauses, a page at a time. The loader's
 * answer (`/social?tab=find&q=`) is the first search.
 */
export function usePeopleSearch(
  viewerId: number,
  active: boolean,
  initial:
    | { query: string; answer: FindAnswer | null; error: string | null }
    | undefined,
) {
  const [query, setQuery] = useState(initial?.query ?? "");
  const [searched, setSearched] = useState<string | null>(
    initial ? initial.query : null,
  );
  const [results, setResults] = useState<Results | null>(() =>
    initial?.answer
      ? {
          query: initial.query,
          people: initial.answer.people,
          page: initial.answer.page,
          hasMore: initial.answer.has_more,
        }
      : null,
  );
  const [loading, setLoading] = useState<"first" | "more" | null>(null);
  const [error, setError] = useState<string | null>(initial?.error ?? null);
  const request = useRef(0);
  // The loader's answer is the first search: it is not asked again on arrival.
  const fromLoader = useRef(Boolean(initial?.answer));

  // The search runs once typing pauses; the first one as soon as the tab is opened.
  useEffect(() => {
    if (!active && searched === null) return;
    const next = query.trim();
    const timer = window.setTimeout(
      () => setSearched(next),
      searched === null ? 0 : SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [query, active, searched]);

  const load = useCallback(
    async (q: string, page: number) => {
      const mine = ++request.current;
      setLoading(page === 0 ? "first" : "more");
      setError(null);
      try {
        const answer = await apiFetch<FindAnswer>(
          `/api/social/find/${viewerId}?${new URLSearchParams({ q, page: String(page) })}`,
        );
        if (mine !== request.current) return;
        setResults((current) => ({
          query: q,
          people:
            page === 0 || !current
              ? answer.people
              : [
                  ...current.people,
                  ...answer.people.filter(
                    (person) =>
                      !current.people.some((shown) => shown._id === person._id),
                  ),
                ],
          page: answer.page,
          hasMore: answer.has_more,
        }));
      } catch (failure) {
        if (mine === request.current) setError(errorMessage(failure));
      } finally {
        if (mine === request.current) setLoading(null);
      }
    },
    [viewerId],
  );

  useEffect(() => {
    if (fromLoader.current) fromLoader.current = false;
    else if (searched !== null) void load(searched, 0);
  }, [searched, load]);

  const markFollowed = useCallback((person: Friend) => {
    setResults((current) =>
      current
        ? {
            ...current,
            people: current.people.map((shown) =>
              shown._id === person._id
                ? { ...shown, followStatus: true, isFriend: true }
                : shown,
            ),
          }
        : current,
    );
  }, []);

  return {
    query,
    setQuery,
    searched,
    results,
    loading,
    error,
    load,
    markFollowed,
  };
}
