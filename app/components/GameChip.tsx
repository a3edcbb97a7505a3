import { resolveMediaUrl } from "~/lib/media";
import { useMediaBase } from "./root-data";
import "./GameChip.css";

/** A small icon-and-name line naming the game a screen is about. */
export function GameChip({
  game,
}: {
  game: { name: string; icon: string; category?: string };
}) {
  const icon = resolveMediaUrl(game.icon, useMediaBase());
  return (
    <div className="game-chip">
      {icon ? <img src={icon} alt="" width={48} height={48} /> : null}
      <div>
        <p className="game-chip__name">{game.name}</p>
        {game.category ? (
          <p className="game-chip__meta">{game.category}</p>
        ) : null}
      </div>
    </div>
  );
}
