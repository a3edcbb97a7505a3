import { boundedString } from "./input";

export * from "./cards-plain";

/** A drawn card's file name, `{id}-{version}.png`: bounded runs of digits and letters, matched in linear time. */
const POST_CARD_FILE = /^([1-9][0-9]{0,14})-([0-9a-z]{1,12})\.png$/;

/** A drawn card's file name from a path, as its owner's id and the version asked for; anything else is not a card. */
const cardFileSchema = (message: string) =>
  boundedString(40, message)
    .regex(POST_CARD_FILE, message)
    .transform((file) => {
      const [, id, version] = POST_CARD_FILE.exec(file)!;
      return { id: Number(id), version };
    });

export const postCardFileSchema = cardFileSchema("This post has no card");
export const developerGameCardFileSchema = cardFileSchema(
  "This game has no card",
);
