import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { NETWORK_ERROR_MESSAGE } from "./api";
import {
  IN_PLACE_FIELD,
  withoutField,
  type FieldErrors,
  type FormAnswer,
  type FormProblem,
} from "./forms";
import { isOnline } from "./network";

export interface FormFetcherOptions<Answer, Values> {
  /** The action's answer to a post without JavaScript, shown until the next submit. */
  initial?: Omit<FormProblem<Values>, "ok"> | null;
  /** The action did what was asked; called once per answer. */
  onAnswer: (answer: Answer) => void;
  /** How a refusal shows, when a form words it differently from the server (field names, the line above the button). */
  shown?: (problem: Shown) => Shown;
}

interface Shown {
  formError: string | null;
  errors: FieldErrors;
}

const asSent = (problem: Shown) => problem;

/**
 * A form posted by a fetcher to the route action that also takes it without JavaScript: busy while it runs, the
 * server's field messages and line above the button from a refusal, and the answer handed on once.
 */
export function useFormFetcher<Answer, Values>({
  initial,
  onAnswer,
  shown = asSent,
}: FormFetcherOptions<Answer, Values>) {
  const fetcher = useFetcher<FormAnswer<Answer, Values>>();
  const [first] = useState(() =>
    initial ? shown(initial) : { formError: null, errors: {} },
  );
  const [serverErrors, setServerErrors] = useState<FieldErrors>(first.errors);
  const [formError, setFormError] = useState<string | null>(first.formError);
  const handled = useRef(fetcher.data);
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || answer === handled.current) return;
    handled.current = answer;
    if (answer.ok) {
      onAnswerRef.current(answer.answer);
      return;
    }
    const problem = shownRef.current(answer);
    setServerErrors(problem.errors);
    setFormError(problem.formError);
  }, [fetcher.data]);

  const { submit: fetcherSubmit } = fetcher;
  const submit = useCallback(
    (form: FormData, action: string, multipart = false) => {
      // SPEC.md §8: a post that cannot leave says so in the form rather than on an error page.
      if (!isOnline()) {
        setFormError(NETWORK_ERROR_MESSAGE);
        return;
      }
      setFormError(null);
      form.set(IN_PLACE_FIELD, "1");
      fetcherSubmit(form, {
        method: "post",
        action,
        encType: multipart ? "multipart/form-data" : undefined,
      });
    },
    [fetcherSubmit],
  );
  const clearServerError = useCallback(
    (name: string) => setServerErrors((current) => withoutField(current, name)),
    [],
  );

  return {
    busy: fetcher.state !== "idle",
    /** The last answer was a success: a form that leaves afterwards stays busy until it has gone. */
    succeeded: fetcher.data?.ok === true,
    serverErrors,
    setServerErrors,
    formError,
    setFormError,
    clearServerError,
    submit,
  };
}

/**
 * A post through a fetcher to a route action, as a promise of the action's answer; undefined when none came (the
 * action failed, which Remix reports itself).
 */
export function useFetcherPost<Answer>() {
  const fetcher = useFetcher<Answer>();
  const pending = useRef<((answer: Answer | undefined) => void) | null>(null);
  const answered = useRef(fetcher.data);

  useEffect(() => {
    const settle = pending.current;
    if (!settle) return;
    const fresh = fetcher.data !== answered.current;
    if (!fresh && fetcher.state !== "idle") return;
    answered.current = fetcher.data;
    pending.current = null;
    settle(fresh ? fetcher.data : undefined);
  }, [fetcher.data, fetcher.state]);

  const { submit } = fetcher;
  return useCallback(
    (action: string, fields: Record<string, string> = {}) =>
      new Promise<Answer | undefined>((resolve) => {
        pending.current = resolve;
        submit(fields, { method: "post", action });
      }),
    [submit],
  );
}
