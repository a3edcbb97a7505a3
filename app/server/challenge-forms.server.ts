import type { AppLoadContext } from "@remix-run/cloudflare";
import { formAction, textField } from "./auth.server";

/**
 * The challenge forms (create, accept, decline) posted to route actions, with or without JavaScript. They call the
 * same services as the JSON API with the same schemas; the answer carries the new wallet, and Remix reloads the page
 * data after it, so no screen subtracts coins on its own.
 */

/** A numeric form field as a number when it reads as one; anything else goes to the schema as text, to be refused. */
function numberField(form: FormData, name: string): number | string {
  const raw = textField(form, name).trim();
  return /^-?\d{1,12}$/.test(raw) ? Number(raw) : raw;
}

/** A refusal formAction turns into the form's message, like the services' own 4xx errors. */
class FormRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  toJSON() {
    return { error: this.message };
  }
}

async function callerOr401(context: AppLoadContext, request: Request) {
  const user = await context.services.sessions.userForRequest(request);
  if (!user) throw new FormRefusal(401, "Please log in first");
  return user.id;
}

export async function createChallengeFromForm(
  context: AppLoadContext,
  request: Request,
  form: FormData,
) {
  const values = {
    bet_amount: textField(form, "bet_amount"),
    message: textField(form, "message"),
  };
  return formAction(values, async () => {
    const caller = await callerOr401(context, request);
    await context.services.limits.hit("challengePerUser", caller);
    const challenge = await context.services.challenges.create(caller, {
      game: numberField(form, "game"),
      from: caller,
      to: numberField(form, "to"),
      bet_amount: numberField(form, "bet_amount"),
      message: values.message.trim(),
      score: numberField(form, "score"),
    });
    return {
      intent: "create" as const,
      challenge,
      wallet: (await context.services.wallet.view(caller)).wallet,
    };
  });
}

export async function answerChallengeFromForm(
  context: AppLoadContext,
  request: Request,
  challengeId: number,
  form: FormData,
) {
  const intent = textField(form, "intent");
  return formAction({ intent }, async () => {
    const caller = await callerOr401(context, request);
    if (intent === "accept") {
      const { challenge, wallet } = await context.services.challenges.accept(
        caller,
        challengeId,
      );
      return { intent: "accept" as const, challenge, wallet };
    }
    if (intent === "decline") {
      const challenge = await context.services.challenges.decline(
        caller,
        challengeId,
      );
      return {
        intent: "decline" as const,
        challenge,
        wallet: (await context.services.wallet.view(caller)).wallet,
      };
    }
    throw new FormRefusal(400, "Choose Accept Challenge or Decline");
  });
}
