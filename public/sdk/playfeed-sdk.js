/*!
 * Playfeed game SDK (v1). Include it in a game page:
 *   <script src="https://<playfeed host>/sdk/playfeed-sdk.js"></script>
 * and talk to the platform through window.PlayfeedSDK. A game written for Poki (SDK v2) or CrazyGames (SDK v3)
 * finds window.PokiSDK and window.CrazyGames.SDK here too. Documented in docs/game-sdk.md.
 * Outside a Playfeed frame the SDK runs standalone: the game starts at once with a random seed.
 */
(function () {
  "use strict";
  if (window.PlayfeedSDK) return;

  var GAME = "playfeed-game";
  var PLATFORM = "playfeed-platform";
  var COMMANDS = {
    start: 1,
    watch: 1,
    speed: 1,
    pause: 1,
    resume: 1,
    mute: 1,
    unmute: 1,
  };
  /** The longest input log a round may carry (characters of base64url). */
  var MAX_LOG = 64 * 1024;
  /** Bounds of the signed-in player the platform may send (app/lib/game-bridge.ts gamePlayerSchema). */
  var PLAYER_LIMITS = { name: 50, picture: 2048 };

  var embedded = window.parent !== window;
  // Commands are accepted only from the page that embeds us, and our messages go only to it.
  var parentOrigin = (function () {
    try {
      if (
        window.location.ancestorOrigins &&
        window.location.ancestorOrigins.length
      )
        return window.location.ancestorOrigins[0];
    } catch (ignore) {}
    try {
      if (document.referrer) return new URL(document.referrer).origin;
    } catch (ignore) {}
    return null;
  })();

  // sdk.storage: the platform keeps each game's data (the game's own origin may be opaque, with no storage of its
  // own) and sends it with every start; the copy here is loaded from the first one and is the truth afterwards.
  var LIMITS = { keys: 100, keyLength: 100, characters: 64 * 1024 };
  var STANDALONE_KEY = "playfeed-sdk:storage";
  var stored = new Map();
  var dataLoaded = false;
  // Changes made before the data arrived, replayed over it (the platform has them too: messages keep their order).
  var unsynced = [];

  var handlers = {};
  var pending = [];
  var started = false;
  // The signed-in player's public name and picture, when the platform sends them; null for a visitor.
  var player = null;
  // Callbacks waiting for the platform's first word (welcome or start): the portal aliases' init() and getUser().
  var greeted = !embedded;
  var onGreeted = [];
  var muted = false;
  var lastScore = null;
  // Ad breaks waiting for the platform's answer, by id: { onStart, resolve }.
  var breaks = {};
  var nextBreakId = 1;
  // Faces asked for (reveal), by turn: { resolve, reject }.
  var reveals = {};

  function send(message) {
    if (!embedded || !parentOrigin) return;
    message.source = GAME;
    window.parent.postMessage(message, parentOrigin);
  }

  function post(type, value) {
    send(value === undefined ? { type: type } : { type: type, value: value });
  }

  function deliver(command) {
    if (command.storage && !dataLoaded) loadData(command.storage);
    if (command.player !== undefined) player = command.player;
    if (command.type === "welcome" || command.type === "start") greet();
    if (command.type === "welcome") return;
    if (command.type === "start") started = true;
    if (command.type === "mute") muted = true;
    if (command.type === "unmute") muted = false;
    var handler = handlers[command.type];
    if (handler) handler(argumentsOf(command));
    else pending.push(command);
  }

  function argumentsOf(command) {
    if (command.type === "start")
      return {
        seed: command.seed,
        duration: command.duration,
        resume: command.resume,
        dealt: command.dealt === true,
        player: player,
      };
    if (command.type === "watch")
      return {
        seed: command.seed,
        log: command.log,
        speed: command.speed,
        hiddenSeed: command.hiddenSeed,
      };
    if (command.type === "speed") return { speed: command.speed };
    return undefined;
  }

  window.addEventListener("message", function (event) {
    if (
      !embedded ||
      event.source !== window.parent ||
      event.origin !== parentOrigin
    )
      return;
    var data = event.data;
    if (!data || data.source !== PLATFORM) return;
    if (data.type === "ad_break_start" || data.type === "ad_break_done")
      return breakNews(data);
    if (data.type === "revealed") return revealNews(data);
    if (!COMMANDS[data.type] && data.type !== "welcome") return;
    var command = { type: data.type };
    if (data.type === "welcome" || data.type === "start") {
      if (isEntries(data.storage)) command.storage = data.storage;
      if (data.player === null || isPlayer(data.player))
        command.player = data.player && {
          name: data.player.name,
          picture: data.player.picture,
        };
    }
    if (data.type === "start") {
      command.seed =
        Number.isInteger(data.seed) && data.seed >= 0
          ? data.seed >>> 0
          : randomSeed();
      if (typeof data.duration === "number" && data.duration > 0)
        command.duration = data.duration;
      // Our own games: carry on a round the page lost (a reload) from its input log so far.
      if (typeof data.resume === "string" && data.resume.length <= MAX_LOG)
        command.resume = data.resume;
      // A game that hides information (Memory Match's faces) asks the platform for each one (reveal).
      if (data.dealt === true) command.dealt = true;
    }
    if (data.type === "watch") {
      if (!Number.isInteger(data.seed) || data.seed < 0) return;
      if (typeof data.log !== "string" || data.log.length > MAX_LOG) return;
      command.seed = data.seed >>> 0;
      command.log = data.log;
      command.speed = speedOf(data.speed);
      if (Number.isInteger(data.hiddenSeed) && data.hiddenSeed >= 0)
        command.hiddenSeed = data.hiddenSeed >>> 0;
    }
    if (data.type === "speed") command.speed = speedOf(data.speed);
    deliver(command);
  });

  /** The platform's answer to a face this game asked for: the face, or why the server would not turn the card. */
  function revealNews(data) {
    var asked = Number.isInteger(data.turn) ? reveals[data.turn] : undefined;
    if (!asked) return;
    delete reveals[data.turn];
    if (Number.isInteger(data.face) && data.face >= 0) asked.resolve(data.face);
    else
      asked.reject(
        new Error(
          typeof data.message === "string"
            ? data.message.slice(0, 200)
            : "The card could not be turned",
        ),
      );
  }

  /** The platform's word on an ad break this game asked for: its ad starts, or the break is over. */
  function breakNews(data) {
    var pendingBreak = Number.isInteger(data.id) ? breaks[data.id] : undefined;
    if (!pendingBreak) return;
    if (data.type === "ad_break_start") {
      if (pendingBreak.onStart) {
        var onStart = pendingBreak.onStart;
        pendingBreak.onStart = null;
        try {
          onStart();
        } catch (ignore) {}
      }
      return;
    }
    delete breaks[data.id];
    pendingBreak.resolve({
      shown: data.shown === true,
      rewarded: data.rewarded === true,
    });
  }

  /**
   * Asks the platform for an ad break ("interstitial" or "rewarded") and resolves once it is over, with whether an
   * ad showed and whether it earned the reward. `onStart` runs as the ad is about to show. Outside a Playfeed frame
   * there is no ad: the break is over at once.
   */
  function requestBreak(kind, onStart) {
    return new Promise(function (resolve) {
      if (!embedded || !parentOrigin)
        return resolve({ shown: false, rewarded: false });
      var id = nextBreakId++;
      breaks[id] = {
        onStart: typeof onStart === "function" ? onStart : null,
        resolve: resolve,
      };
      send({
        type: kind === "rewarded" ? "rewarded_break" : "commercial_break",
        id: id,
      });
    });
  }

  function speedOf(value) {
    return typeof value === "number" && value >= 1 && value <= 8
      ? Math.round(value)
      : 1;
  }

  function isPlayer(value) {
    return (
      !!value &&
      typeof value.name === "string" &&
      value.name.length > 0 &&
      value.name.length <= PLAYER_LIMITS.name &&
      (value.picture === null ||
        (typeof value.picture === "string" &&
          value.picture.length <= PLAYER_LIMITS.picture &&
          /^https?:\/\//.test(value.picture)))
    );
  }

  function greet() {
    if (greeted) return;
    greeted = true;
    var waiting = onGreeted;
    onGreeted = [];
    waiting.forEach(function (callback) {
      callback();
    });
  }

  /** Calls back once the platform has said its first word, or after `patience` ms at most; at once standalone. */
  function whenGreeted(patience) {
    return new Promise(function (resolve) {
      if (greeted) return resolve();
      onGreeted.push(resolve);
      setTimeout(resolve, patience);
    });
  }

  function isEntries(value) {
    return (
      Array.isArray(value) &&
      value.length <= LIMITS.keys &&
      value.every(function (entry) {
        return (
          Array.isArray(entry) &&
          entry.length === 2 &&
          validKey(entry[0]) &&
          typeof entry[1] === "string"
        );
      })
    );
  }

  function validKey(key) {
    return (
      typeof key === "string" &&
      key.length > 0 &&
      key.length <= LIMITS.keyLength
    );
  }

  function loadData(entries) {
    stored = new Map(entries);
    dataLoaded = true;
    unsynced.forEach(function (change) {
      change(stored);
    });
    unsynced = [];
  }

  function readStandalone() {
    try {
      var parsed = JSON.parse(
        window.localStorage.getItem(STANDALONE_KEY) || "[]",
      );
      return isEntries(parsed) ? parsed : [];
    } catch (ignore) {
      return [];
    }
  }

  function saveStandalone() {
    try {
      window.localStorage.setItem(
        STANDALONE_KEY,
        JSON.stringify(Array.from(stored)),
      );
    } catch (ignore) {
      // Blocked or full storage: the data lasts as long as the page.
    }
  }

  function charactersIn(map) {
    var total = 0;
    map.forEach(function (value, key) {
      total += key.length + value.length;
    });
    return total;
  }

  /** Applies a change here, remembers it until the data has arrived, and tells the platform. */
  function change(apply, message) {
    apply(stored);
    if (!dataLoaded) unsynced.push(apply);
    if (embedded) send(message);
    else saveStandalone();
  }

  var storage = {
    /** false until the platform's data has arrived (by the time the start handler runs). */
    get loaded() {
      return dataLoaded;
    },
    getItem: function (key) {
      key = String(key);
      return stored.has(key) ? stored.get(key) : null;
    },
    setItem: function (key, value) {
      key = String(key);
      value = String(value);
      if (!validKey(key))
        throw new RangeError(
          "PlayfeedSDK.storage: a key is 1 to " +
            LIMITS.keyLength +
            " characters",
        );
      var next = new Map(stored);
      next.set(key, value);
      if (next.size > LIMITS.keys)
        throw new RangeError(
          "PlayfeedSDK.storage: at most " + LIMITS.keys + " keys per game",
        );
      if (charactersIn(next) > LIMITS.characters) {
        throw new RangeError(
          "PlayfeedSDK.storage: at most " +
            LIMITS.characters +
            " characters of keys and values per game",
        );
      }
      change(
        function (map) {
          map.set(key, value);
        },
        { type: "storage_set", key: key, value: value },
      );
    },
    removeItem: function (key) {
      key = String(key);
      if (!validKey(key)) return;
      change(
        function (map) {
          map.delete(key);
        },
        { type: "storage_remove", key: key },
      );
    },
    clear: function () {
      change(
        function (map) {
          map.clear();
        },
        { type: "storage_clear" },
      );
    },
  };

  if (!embedded) loadData(readStandalone());

  function randomSeed() {
    return Math.floor(Math.random() * 4294967296) >>> 0;
  }

  function score(value, type) {
    var number = Math.max(0, Math.floor(Number(value) || 0));
    if (type === "game_score" && number === lastScore) return;
    lastScore = number;
    post(type, number);
  }

  var sdk = {
    version: 1,
    /** true inside a Playfeed frame, false when the game page is opened on its own. */
    embedded: embedded,
    get muted() {
      return muted;
    },
    get started() {
      return started;
    },
    /** The signed-in player's public name and picture ({ name, picture }), or null: a visitor, or not known yet. */
    get player() {
      return player;
    },
    /** Register what the game does on start({ seed, duration, resume }), watch({ seed, log, speed }), speed({ speed }), pause, resume, mute and unmute. */
    on: function (type, handler) {
      if (!COMMANDS[type])
        throw new Error("PlayfeedSDK.on: unknown command " + type);
      handlers[type] = handler;
      var queued = pending.filter(function (command) {
        return command.type === type;
      });
      pending = pending.filter(function (command) {
        return command.type !== type;
      });
      queued.forEach(deliver);
      return sdk;
    },
    /** Loading progress, 0 to 100. */
    loadingProgress: function (percent) {
      post(
        "loading",
        Math.max(0, Math.min(100, Math.round(Number(percent) || 0))),
      );
    },
    /** The game has loaded and waits for start. Standalone, it is started at once. */
    ready: function () {
      post("ready");
      if (!embedded)
        setTimeout(function () {
          deliver({ type: "start", seed: randomSeed() });
        }, 0);
    },
    gameplayStart: function () {
      lastScore = null;
      post("gameplay_start");
    },
    gameplayStop: function () {
      post("gameplay_stop");
    },
    /** The live score (SPEC: game_score); repeated values are not re-sent. */
    score: function (value) {
      score(value, "game_score");
    },
    /**
     * The result of a finished round (SPEC: final_score). Our own games add the round's input log,
     * which the platform sends with the score so the server can replay the round.
     */
    finalScore: function (value, log) {
      var number = Math.max(0, Math.floor(Number(value) || 0));
      lastScore = number;
      var message = { type: "final_score", value: number };
      if (typeof log === "string" && log.length <= MAX_LOG) message.log = log;
      send(message);
    },
    /**
     * Our own games, while a round is on: its input log so far, so the page can resume the round after a reload
     * (start({ seed, resume })) instead of losing it.
     */
    checkpoint: function (log) {
      if (typeof log === "string" && log.length <= MAX_LOG)
        send({ type: "checkpoint", log: log });
    },
    /** A watched run (the watch command) has reached its end, at this score. */
    watchEnded: function (value) {
      post("watch_end", Math.max(0, Math.floor(Number(value) || 0)));
    },
    happyTime: function () {
      post("happy_time");
    },
    /**
     * Our own games that hide information (started with `dealt`): the face of the card turned as the round's turn
     * number `turn` (from 0), dealt by the server. Rejects when it will not turn that card or the network failed.
     */
    reveal: function (turn, level, card) {
      return new Promise(function (resolve, reject) {
        if (!embedded || !parentOrigin)
          return reject(new Error("Faces are dealt only in a Playfeed frame"));
        reveals[turn] = { resolve: resolve, reject: reject };
        send({ type: "reveal", turn: turn, level: level, card: card });
      });
    },
    /** Small data the game keeps between visits (best score, settings): getItem, setItem, removeItem, clear. */
    storage: storage,
    /**
     * A natural break (between levels, before play): the platform may show an ad. Stop the gameplay and its sound
     * before calling; the promise resolves when the break is over, ad or not. `onStart` runs as an ad starts.
     */
    commercialBreak: function (onStart) {
      return requestBreak("interstitial", onStart).then(function () {
        return undefined;
      });
    },
    /**
     * An ad the player chose to watch for a reward. Resolves true only when the ad was watched to its end: then
     * give the reward, otherwise not. `onStart` runs as the ad starts.
     */
    rewardedBreak: function (onStart) {
      return requestBreak("rewarded", onStart).then(function (outcome) {
        return outcome.rewarded;
      });
    },
  };
  // The names other portals' SDKs use, so an existing game ports with one line.
  sdk.gameLoadingFinished = sdk.ready;

  window.PlayfeedSDK = sdk;

  // Games written for other portals run unchanged: their SDKs' globals, each call mapped onto the calls above, so
  // they reach the platform through the same few messages and nothing else (docs/game-sdk.md, "Games from other
  // portals"). A game that loads its portal's own SDK as well keeps that one.
  /** How long init() waits for the platform's first word (the game's data and player) before going on without it. */
  var GREETING_PATIENCE = 3000;
  var noop = function () {};
  var resolved = function (value) {
    return function () {
      return Promise.resolve(value);
    };
  };
  var loadingFinished = false;
  function finishLoading() {
    if (loadingFinished) return;
    loadingFinished = true;
    sdk.ready();
  }
  function notSignedIn() {
    return Promise.reject({
      code: "userNotAuthenticated",
      message: "Players sign in on Playfeed itself",
    });
  }
  function init() {
    return whenGreeted(GREETING_PATIENCE);
  }
  /** Poki's breaks take onStart itself or, in later versions, { onStart }. */
  function onStartOf(option) {
    return option && typeof option === "object" ? option.onStart : option;
  }

  /** A link back to this game with `params` in its query, as `gd<name>` (Poki's way), read back by getURLParam. */
  function shareableURL(params) {
    var url = new URL(window.location.href);
    if (params && typeof params === "object")
      Object.keys(params).forEach(function (name) {
        url.searchParams.set("gd" + name, String(params[name]));
      });
    return url.href;
  }
  function urlParam(name) {
    var query = new URLSearchParams(window.location.search);
    return query.get("gd" + name) || query.get(String(name)) || "";
  }

  if (!window.PokiSDK)
    window.PokiSDK = {
      init: init,
      initWithVideoHB: init,
      setDebug: noop,
      gameLoadingStart: function () {
        sdk.loadingProgress(0);
      },
      // Games pass percentageDone as a fraction or as a percentage: the splash shows no number rather than a wrong one.
      gameLoadingProgress: noop,
      gameLoadingFinished: finishLoading,
      gameplayStart: sdk.gameplayStart,
      gameplayStop: sdk.gameplayStop,
      happyTime: sdk.happyTime,
      /** Resolves when the break is over; onStart runs if an ad shows. */
      commercialBreak: function (onStart) {
        return sdk.commercialBreak(onStartOf(onStart));
      },
      /** Resolves true only when the ad was watched to its end. */
      rewardedBreak: function (onStart) {
        return sdk.rewardedBreak(onStartOf(onStart));
      },
      shareableURL: function (params) {
        return Promise.resolve(shareableURL(params));
      },
      getURLParam: urlParam,
      getLanguage: function () {
        return navigator.language;
      },
      getIsoLanguage: function () {
        return String(navigator.language).split("-")[0];
      },
      isAdBlocked: function () {
        return false;
      },
      displayAd: noop,
      destroyAd: noop,
      customEvent: noop,
      measure: noop,
      logError: noop,
      captureError: noop,
      enableEventTracking: noop,
      setDebugTouchOverlayController: noop,
      setPlayerAge: noop,
      togglePlayerAdvertisingConsent: noop,
      movePill: noop,
    };

  if (!window.CrazyGames)
    window.CrazyGames = {
      SDK: {
        /** As on CrazyGames inside a Playfeed frame, so a game turns on what it offers there; "local" on its own. */
        environment: embedded ? "crazygames" : "local",
        isQaTool: false,
        init: init,
        game: {
          loadingStart: function () {
            sdk.loadingProgress(0);
          },
          loadingStop: finishLoading,
          // v2 names, still called by games ported from it.
          sdkGameLoadingStart: function () {
            sdk.loadingProgress(0);
          },
          sdkGameLoadingStop: finishLoading,
          gameplayStart: sdk.gameplayStart,
          gameplayStop: sdk.gameplayStop,
          happytime: sdk.happyTime,
          inviteLink: shareableURL,
          getInviteParam: function (name) {
            return urlParam(name) || null;
          },
          showInviteButton: function (params) {
            return shareableURL(params);
          },
          hideInviteButton: noop,
          isInstantMultiplayer: false,
          settings: { disableChat: true, muteAudio: false },
          addSettingsChangeListener: noop,
          removeSettingsChangeListener: noop,
        },
        ad: {
          /**
           * "midgame" is an interstitial, "rewarded" a rewarded break. adStarted as an ad shows; adFinished when it
           * ran (for "rewarded": was watched to its end, so the reward is due); else adError, "unfilled" when no ad
           * showed, as CrazyGames reports an ad it could not fill.
           */
          requestAd: function (type, callbacks) {
            var on = callbacks || {};
            var call = function (name, value) {
              if (typeof on[name] === "function") on[name](value);
            };
            var kind = type === "rewarded" ? "rewarded" : "interstitial";
            requestBreak(kind, function () {
              call("adStarted");
            }).then(function (outcome) {
              if (!outcome.shown)
                call("adError", {
                  code: "unfilled",
                  message: "No ad was available",
                });
              else if (kind === "rewarded" && !outcome.rewarded)
                call("adError", {
                  code: "other",
                  message: "The ad was closed before its end",
                });
              else call("adFinished");
            });
          },
          hasAdblock: resolved(false),
        },
        banner: {
          requestBanner: resolved(undefined),
          requestResponsiveBanner: resolved(undefined),
          clearBanner: noop,
          clearAllBanners: noop,
        },
        data: {
          getItem: function (key) {
            return storage.getItem(key);
          },
          setItem: function (key, value) {
            storage.setItem(key, value);
          },
          removeItem: function (key) {
            storage.removeItem(key);
          },
          clear: function () {
            storage.clear();
          },
          syncUnityGameData: noop,
        },
        user: {
          /** The player signed in on Playfeed, by the public name and picture the platform sent; null for a visitor. */
          getUser: function () {
            return init().then(function () {
              return player
                ? { username: player.name, profilePictureUrl: player.picture }
                : null;
            });
          },
          // Players sign in on Playfeed, not in a game: no prompt, and no token for a game's own server.
          isUserAccountAvailable: false,
          showAuthPrompt: notSignedIn,
          showAccountLinkPrompt: notSignedIn,
          getUserToken: notSignedIn,
          addAuthListener: noop,
          removeAuthListener: noop,
        },
      },
    };
})();
