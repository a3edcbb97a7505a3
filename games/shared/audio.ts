import type { Effect } from "./sim";

/** Tiny synthesised sound effects: no audio files to download, and one switch to mute them all. */
export interface Sound {
  play(effect: Effect): void;
  muted: boolean;
}

const EFFECTS: Record<
  Effect,
  {
    frequency: number;
    to: number;
    duration: number;
    type: OscillatorType;
    volume: number;
  }
> = {
  tap: {
    frequency: 520,
    to: 620,
    duration: 0.06,
    type: "square",
    volume: 0.05,
  },
  move: {
    frequency: 300,
    to: 280,
    duration: 0.04,
    type: "triangle",
    volume: 0.05,
  },
  score: {
    frequency: 660,
    to: 990,
    duration: 0.12,
    type: "triangle",
    volume: 0.08,
  },
  hit: {
    frequency: 180,
    to: 90,
    duration: 0.15,
    type: "sawtooth",
    volume: 0.06,
  },
  over: {
    frequency: 440,
    to: 110,
    duration: 0.5,
    type: "triangle",
    volume: 0.09,
  },
  level: {
    frequency: 520,
    to: 1040,
    duration: 0.3,
    type: "sine",
    volume: 0.09,
  },
};

export function createSound(): Sound {
  let context: AudioContext | null = null;
  const sound: Sound = {
    muted: false,
    play(effect) {
      if (sound.muted) return;
      try {
        context ??= new AudioContext();
        if (context.state === "suspended") void context.resume();
        const { frequency, to, duration, type, volume } = EFFECTS[effect];
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = type;
        oscillator.frequency.setValueAtTime(frequency, context.currentTime);
        oscillator.frequency.exponentialRampToValueAtTime(
          to,
          context.currentTime + duration,
        );
        gain.gain.setValueAtTime(volume, context.currentTime);
        gain.gain.exponentialRampToValueAtTime(
          0.0001,
          context.currentTime + duration,
        );
        oscillator.connect(gain).connect(context.destination);
        oscillator.start();
        oscillator.stop(context.currentTime + duration);
      } catch {
        // No audio device (headless, locked-down browser): play silently.
      }
    },
  };
  return sound;
}
