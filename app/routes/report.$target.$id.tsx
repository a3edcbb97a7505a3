import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { BackLink } from "~/components/BackLink";
import { PageHeader } from "~/components/PageHeader";
import { ReportForm, type ReportAnswer } from "~/components/staff/ReportForm";
import { useMediaBase } from "~/components/root-data";
import { pageTitle } from "#contract/format";
import {
  GAME_REPORT_REASONS,
  GameReportSchema,
  PROFILE_REPORT_REASONS,
  ProfileReportSchema,
  REPORT_MESSAGES,
  ReportPageParamsSchema,
} from "#contract/reports";
import { resolveMediaUrl } from "~/lib/media";
import { textFields } from "~/lib/forms";
import { checkedFormAction } from "~/server/auth.server";
import { isApiError } from "~/server/errors.server";
import { notFoundResponse, or404 } from "~/server/loaders.server";
import { signedInOrLogin, staffHeaders } from "~/server/staff.server";
import "./staff.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Report ${data.subject.name}` : "Report") },
  { name: "robots", content: "noindex" },
];

export const headers = staffHeaders;

function paramsOr404(params: LoaderFunctionArgs["params"]) {
  const parsed = ReportPageParamsSchema.safeParse(params);
  if (!parsed.success) throw notFoundResponse("Page not found");
  return parsed.data;
}

/** /report/player/:id and /report/game/:id (issue #34): what is reported, and the form; signed-in players only. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { target, id } = paramsOr404(params);
  const user = await signedInOrLogin(context, request);
  const { reports } = context.services;
  try {
    const subject = await or404(
      () =>
        target === "player"
          ? reports.profileSubject(user.id, id)
          : reports.gameSubject(user.id, id),
      target === "player" ? "Player not found" : "Game not found",
    );
    return { target, id, subject, refusal: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const subject = { name: "yourself", picture: null, alreadyReported: false };
    return { target, id, subject, refusal: error.message };
  }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const { target, id } = paramsOr404(params);
  const user = await signedInOrLogin(context, request);
  const form = await request.formData();
  const values = textFields(form);
  const { reports } = context.services;
  return checkedFormAction(
    form,
    target === "player" ? ProfileReportSchema : GameReportSchema,
    { reason: values.reason ?? "", details: values.details ?? "" },
    async () => {
      await (target === "player"
        ? reports.reportProfile(user.id, id, values)
        : reports.reportGame(user.id, id, values));
      return data({ ok: true as const, message: REPORT_MESSAGES.thanks });
    },
  );
}

export default function ReportPage() {
  const { target, id, subject, refusal } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const posted = useActionData<typeof action>();
  const answer = (fetcher.data ?? posted) as ReportAnswer | undefined;
  const mediaBase = useMediaBase();
  const back = target === "player" ? "/social" : `/detail/${id}`;
  const picture =
    target === "game" && subject.picture
      ? resolveMediaUrl(subject.picture, mediaBase)
      : null;
  return (
    <div className="page page--narrow staff">
      <BackLink to={back} title={target === "player" ? "Social" : "Game"} />
      <PageHeader
        title={target === "player" ? "Report a player" : "Report a game"}
        subtitle="Moderators read every report. The player or developer is not told who sent it."
      />
      {refusal ? (
        <p className="alert alert--error">{refusal}</p>
      ) : (
        <>
          <div className="card staff__subject">
            {target === "player" ? (
              <Avatar
                person={{ name: subject.name, profile_img: subject.picture }}
                size={56}
              />
            ) : picture ? (
              <img src={picture} alt="" width={56} height={56} />
            ) : null}
            <p className="staff__subject-name">{subject.name}</p>
          </div>
          <ReportForm
            fetcher={fetcher}
            answer={answer}
            alreadyReported={subject.alreadyReported}
            reasons={
              target === "player" ? PROFILE_REPORT_REASONS : GAME_REPORT_REASONS
            }
            schema={
              target === "player" ? ProfileReportSchema : GameReportSchema
            }
          />
        </>
      )}
    </div>
  );
}
