import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type Dispatch } from "react";
import {
  BlogCreateSchema,
  publishProblem,
  type Blog,
  type BlogStatus,
} from "#contract/blog";
import { htmlToText } from "#contract/format";
import {
  toPayload,
  type EditorAction,
  type EditorState,
} from "~/state/blog-editor";
import { usePendingUploads } from "./usePendingUploads";

/** What the editor route's action answers a fetcher: the stored post, or the problem with it. */
export type EditorAnswer = { post: Blog } | { formError: string };

/**
 * Saving the post through the editor route's action: checked first by the server's own rules, held while pictures
 * upload, and the answer turned into the notice or the error to show.
 */
export function useSavePost(
  post: Blog | null,
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<Blog | null>(post);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fetcher = useFetcher<EditorAnswer>();
  const uploads = usePendingUploads();
  const busy =
    fetcher.state === "idle"
      ? uploads.waiting
      : (fetcher.formData?.get("intent") as BlogStatus | null);

  // The route's action answered: the saved post, or the message to show.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<EditorAnswer | undefined>(undefined);
  useEffect(() => {
    // Each answer counts once, with `saved` as it was when the post was sent.
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (!("post" in answer)) {
      setError(answer.formError);
      return;
    }
    const { post: stored } = answer;
    dispatch({ type: "saved", status: stored.status });
    setNotice(
      stored.status === "published"
        ? saved?.status === "published"
          ? "Your changes are live."
          : "Published! Readers can see it now."
        : "Draft saved.",
    );
    setSaved(stored);
    if (!saved)
      navigate(`/editor/${stored._id}`, {
        replace: true,
        preventScrollReset: true,
      });
  }, [answer, dispatch, navigate, saved]);

  const save = (status: BlogStatus) => {
    if (fetcher.state !== "idle") return;
    setError(null);
    setNotice(null);
    // An image block still uploading has no path yet: saving now would leave its picture out of the post.
    if (uploads.uploading.size > 0) {
      uploads.wait(status);
      return;
    }
    uploads.sent();
    const payload = toPayload(state, status);
    // The same rules the server applies, checked first so the writer hears about a problem at once.
    const checked = BlogCreateSchema.safeParse(payload);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Please check the post");
      return;
    }
    const problem =
      status === "published"
        ? publishProblem(payload, (html) => htmlToText(html) !== "")
        : null;
    if (problem) {
      setError(problem);
      return;
    }
    fetcher.submit(
      {
        intent: status,
        title: payload.title,
        tags: payload.tags.join(","),
        poster_url: payload.poster_url ?? "",
        content: JSON.stringify(payload.content),
      },
      { method: "post", action: `/editor/${saved ? saved._id : "new"}` },
    );
  };

  const { waiting, uploading } = uploads;
  useEffect(() => {
    if (waiting && uploading.size === 0) save(waiting);
    // save reads this render's state, which already holds the picture that just landed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, uploading]);

  const shownError =
    error ??
    (uploads.lost
      ? "A picture did not upload, so the post was not saved. Choose it again, then save."
      : null);
  return {
    saved,
    notice,
    shownError,
    busy,
    waiting,
    save,
    track: uploads.track,
  };
}
