import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import { LoginRequired } from "~/components/EmptyState";
import {
  ChallengeInfo,
  type ChallengeFormAnswer,
} from "~/components/challenge/ChallengeInfo";
import { HeadToHead } from "~/components/challenge/HeadToHead";
import { SwordsIcon } from "~/components/icons";
import { useViewer } from "~/components/root-data";
import { formatNumber, pageTitle } from "#contract/format";
import { answerChallengeFromForm } from "~/server/challenge-forms.server";
import { or404, parseIdOr404, viewerIdOf } from "~/server/loaders.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Challenge") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseIdOr404(params.id, "challenge", "Challenge not found");
  const viewerId = await viewerIdOf(context, request);
  if (!viewerId) return { challenge: null };
  // Only its two players may see a challenge: to anyone else it does not exist.
  return {
    challenge: await or404(
      () => context.services.challenges.view(id, viewerId),
      "Challenge not found",
    ),
  };
}

/** Accept or Decline posted from the page (or the challenge notification popup), with or without JavaScript. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const id = parseIdOr404(params.id, "challenge", "Challenge not found");
  return answerChallengeFromForm(
    context,
    request,
    id,
    await request.formData(),
  );
}

/** /challenge/:id: one challenge, with Accept, Decline or Play, and the head-to-head once it is over. */
export default function Challenge() {
  const { challenge } = useLoaderData<typeof loader>();
  const answered = useActionData<ChallengeFormAnswer>();
  const viewer = useViewer();
  return (
    <div className="page page--narrow challenge-page">
      <BackLink to="/challenges" title="Challenges" />
      {challenge && viewer ? (
        <>
          <ChallengeInfo
            challenge={challenge}
            viewerId={viewer._id}
            headingLevel={1}
            showOutcome={challenge.status !== "settled"}
            answered={answered}
          />
          {challenge.status === "settled" ? (
            <HeadToHead
              challenge={challenge}
              viewerId={viewer._id}
              viewerPerson={viewer}
              scoreText={(score) =>
                score === null ? "–" : formatNumber(score)
              }
            />
          ) : null}
        </>
      ) : (
        <LoginRequired
          what="this challenge"
          icon={<SwordsIcon size={28} />}
          headingLevel={1}
        />
      )}
    </div>
  );
}
