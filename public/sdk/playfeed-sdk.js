/*!
 * Playfeed game SDK (v1). Include it in a game page:
 *   <script src="https://<playfeed host>/sdk/playfeed-sdk.js"></script>
 * and talk to the platform through window.PlayfeedSDK. A game written for Poki (SDK v2) or CrazyGames (SDK v2 or v3)
 * finds window.PokiSDK and window.CrazyGames.SDK here too, and its own localStorage, pause and sound behave as on its
 * portal. Documented in docs/game-sdk.md.
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
  // The frame's name carries the data when the platform knew it as it made the frame (protocol: "playfeed-data:").
  var NAME_PREFIX = "playfeed-data:";
  /** How long init() waits for the game's data in a frame before it tells the game it cannot have it. */
  var DATA_PATIENCE = 20000;
  var stored = new Map();
  var dataLoaded = false;
  // The platform said the player's data cannot be had (offline, server error) and has not sent it since.
  var dataUnavailable = false;
  // init() calls waiting for the data: { resolve, reject }.
  var dataWaiters = [];
  // Changes made before the data arrived, replayed over it (the platform has them too: messages keep their order).
  var unsynced = [];
  // The page's own storage, read once before the SDK may stand in for it (below): standalone data lives there.
  var nativeLocalStorage = (function () {
    try {
      var real = window.localStorage;
      if (real) real.getItem(STANDALONE_KEY);
      return real || null;
    } catch (ignore) {
      return null;
    }
  })();

  var handlers = {};
  var pending = [];
  var started = false;
  // The signed-in player's public name and picture, when the platform sends them; null for a visitor.
  var player = null;
  // Callbacks waiting for the platform's first word (welcome or start), which names the player: getUser().
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
    if (command.unavailable && !dataLoaded) refuseData("unavailable");
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
      else if (data.type === "welcome" && data.unavailable === true)
        command.unavailable = true;
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
    // The portals' way, once per command (a handler registered later gets the command, not these again). A game that
    // handles pause itself (PlayfeedSDK.on("pause"), as our own games do) is left to it: it may draw its pause screen.
    if (data.type === "pause" && !handlers.pause) holdFrames(true);
    if (data.type === "resume") holdFrames(false);
    deliver(command);
    if (data.type === "mute" || data.type === "unmute") soundChanged();
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

  /** Calls back once the platform has said its first word (it names the player), or after `patience` ms at most. */
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
    dataUnavailable = false;
    unsynced.forEach(function (change) {
      change(stored);
    });
    unsynced = [];
    var waiting = dataWaiters;
    dataWaiters = [];
    waiting.forEach(function (waiter) {
      waiter.resolve();
    });
  }

  /** Tells every init() waiting for the data that it cannot be had: "unavailable" or "timeout". */
  function refuseData(reason) {
    if (reason === "unavailable") dataUnavailable = true;
    var waiting = dataWaiters;
    dataWaiters = [];
    waiting.forEach(function (waiter) {
      waiter.reject(reason);
    });
  }

  /** Resolves once the game's data is loaded; rejects with "unavailable" or "timeout" inside a frame without it. */
  function whenDataLoaded() {
    return new Promise(function (resolve, reject) {
      if (dataLoaded) return resolve();
      if (dataUnavailable) return reject("unavailable");
      var timer = setTimeout(function () {
        dataWaiters.splice(dataWaiters.indexOf(waiter), 1);
        reject("timeout");
      }, DATA_PATIENCE);
      var waiter = {
        resolve: function () {
          clearTimeout(timer);
          resolve();
        },
        reject: function (reason) {
          clearTimeout(timer);
          reject(reason);
        },
      };
      dataWaiters.push(waiter);
    });
  }

  /** The data the platform put in the frame's name, loaded before the game's first line runs; the name is cleared. */
  function readFrameName() {
    var name;
    try {
      name = window.name;
    } catch (ignore) {
      return;
    }
    if (typeof name !== "string" || name.indexOf(NAME_PREFIX) !== 0) return;
    try {
      window.name = "";
    } catch (ignore) {}
    // JSON escapes at most sextuple a character: anything longer cannot be data within the limits.
    if (name.length > NAME_PREFIX.length + LIMITS.characters * 6 + 64 * 1024)
      return;
    var entries;
    try {
      entries = JSON.parse(name.slice(NAME_PREFIX.length));
    } catch (ignore) {
      return;
    }
    if (
      isEntries(entries) &&
      charactersIn(new Map(entries)) <= LIMITS.characters
    )
      loadData(entries);
  }

  function readStandalone() {
    try {
      var parsed = JSON.parse(
        nativeLocalStorage.getItem(STANDALONE_KEY) || "[]",
      );
      return isEntries(parsed) ? parsed : [];
    } catch (ignore) {
      return [];
    }
  }

  function saveStandalone() {
    try {
      nativeLocalStorage.setItem(
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
  else {
    readFrameName();
    post("hello");
  }

  // The game's uncaught errors go to the platform, for its developers (a few per page: a loop that throws is one bug).
  var errorsReported = 0;
  window.addEventListener("error", function (event) {
    if (errorsReported >= 20) return;
    errorsReported += 1;
    send({
      type: "game_error",
      message: String(event.message || "Error").slice(0, 500),
      file: String(event.filename || "").slice(0, 500),
      line: Math.min(
        10000000,
        Math.max(0, Math.floor(Number(event.lineno) || 0)),
      ),
    });
  });

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

  // ---- What a portal game expects of its page, where a cross-site frame differs ----

  /** A DOMException named QuotaExceededError, as a full localStorage throws. */
  function quotaExceeded(message) {
    try {
      return new DOMException(message, "QuotaExceededError");
    } catch (ignore) {
      var error = new Error(message);
      error.name = "QuotaExceededError";
      return error;
    }
  }

  /** A Storage-like object over `backend` ({ get, set, remove, clear, keys }), with named properties where it can. */
  function storageLike(backend) {
    var methods = {
      getItem: function (key) {
        return backend.get(String(key));
      },
      setItem: function (key, value) {
        backend.set(String(key), String(value));
      },
      removeItem: function (key) {
        backend.remove(String(key));
      },
      clear: function () {
        backend.clear();
      },
      key: function (index) {
        var keys = backend.keys();
        return index >= 0 && index < keys.length ? keys[index] : null;
      },
      get length() {
        return backend.keys().length;
      },
    };
    if (typeof Proxy !== "function") return methods;
    // Games also write localStorage.best = 3 and read localStorage.best, as a real Storage allows.
    return new Proxy(methods, {
      get: function (target, name) {
        if (typeof name !== "string" || name in target) return target[name];
        var value = backend.get(name);
        return value === null ? undefined : value;
      },
      set: function (target, name, value) {
        if (typeof name === "string" && !(name in target))
          backend.set(name, String(value));
        return true;
      },
      deleteProperty: function (target, name) {
        if (typeof name === "string" && !(name in target)) backend.remove(name);
        return true;
      },
      has: function (target, name) {
        return name in target || backend.get(String(name)) !== null;
      },
    });
  }

  function standIn(name, backend) {
    try {
      var real = window[name];
      if (real) {
        real.getItem(STANDALONE_KEY);
        return;
      }
    } catch (ignore) {}
    try {
      Object.defineProperty(window, name, {
        configurable: true,
        enumerable: true,
        value: storageLike(backend),
      });
    } catch (ignore) {}
  }

  // Where the browser refuses a cross-site frame its storage (blocked third-party storage, an opaque origin), the
  // game's own localStorage is the platform's data for it, and its sessionStorage lasts as long as the page.
  standIn("localStorage", {
    get: storage.getItem,
    set: function (key, value) {
      try {
        storage.setItem(key, value);
      } catch (error) {
        throw quotaExceeded(error.message);
      }
    },
    remove: storage.removeItem,
    clear: storage.clear,
    keys: function () {
      return Array.from(stored.keys());
    },
  });
  var session = new Map();
  standIn("sessionStorage", {
    get: function (key) {
      return session.has(key) ? session.get(key) : null;
    },
    set: function (key, value) {
      session.set(key, value);
    },
    remove: function (key) {
      session.delete(key);
    },
    clear: function () {
      session.clear();
    },
    keys: function () {
      return Array.from(session.keys());
    },
  });

  // Pause as a portal pauses its game: the page reads hidden, loses focus, and its animation frames wait.
  var framesHeld = false;
  var nextFrameId = 1;
  var nativeFrames = {};
  var heldFrames = [];
  var nativeRequestFrame = window.requestAnimationFrame;
  var nativeCancelFrame = window.cancelAnimationFrame;
  if (typeof nativeRequestFrame === "function") {
    var scheduleFrame = function (id, callback) {
      nativeFrames[id] = nativeRequestFrame.call(window, function (time) {
        delete nativeFrames[id];
        if (framesHeld) heldFrames.push({ id: id, callback: callback });
        else callback(time);
      });
    };
    window.requestAnimationFrame = function (callback) {
      var id = nextFrameId++;
      if (framesHeld) heldFrames.push({ id: id, callback: callback });
      else scheduleFrame(id, callback);
      return id;
    };
    window.cancelAnimationFrame = function (id) {
      if (nativeFrames[id] !== undefined) {
        if (typeof nativeCancelFrame === "function")
          nativeCancelFrame.call(window, nativeFrames[id]);
        delete nativeFrames[id];
      }
      heldFrames = heldFrames.filter(function (frame) {
        return frame.id !== id;
      });
    };
  }

  // The page's own hidden and visibilityState, read through the browser's getters, with the pause over them.
  function documentGetter(name) {
    for (var at = document; at; at = Object.getPrototypeOf(at)) {
      var descriptor = Object.getOwnPropertyDescriptor(at, name);
      if (descriptor)
        return descriptor.get
          ? descriptor.get.bind(document)
          : function () {
              return descriptor.value;
            };
    }
    return noop;
  }
  var nativeHidden = documentGetter("hidden");
  var nativeVisibility = documentGetter("visibilityState");
  var pageHidden = {
    hidden: function () {
      return framesHeld || nativeHidden() === true;
    },
    visibilityState: function () {
      return framesHeld ? "hidden" : nativeVisibility();
    },
  };
  Object.keys(pageHidden).forEach(function (name) {
    try {
      Object.defineProperty(document, name, {
        configurable: true,
        enumerable: true,
        get: pageHidden[name],
      });
    } catch (ignore) {}
  });

  function dispatch(target, type) {
    try {
      target.dispatchEvent(new Event(type));
    } catch (ignore) {}
  }

  function holdFrames(hold) {
    if (hold === framesHeld) return;
    framesHeld = hold;
    dispatch(document, "visibilitychange");
    dispatch(window, hold ? "blur" : "focus");
    if (!hold) {
      var held = heldFrames;
      heldFrames = [];
      held.forEach(function (frame) {
        scheduleFrame(frame.id, frame.callback);
      });
    }
    soundChanged();
  }

  // Sound stops while the platform mutes or pauses the game: its AudioContexts are suspended, and CrazyGames'
  // muteAudio setting says so to the listeners a game registered.
  var audioContexts = [];
  var suspendedByUs = [];
  ["AudioContext", "webkitAudioContext"].forEach(function (name) {
    var Native = window[name];
    if (typeof Native !== "function" || typeof Proxy !== "function") return;
    window[name] = new Proxy(Native, {
      construct: function (target, args, newTarget) {
        var context = Reflect.construct(target, args, newTarget);
        audioContexts.push(context);
        if (silenced()) suspend(context);
        return context;
      },
    });
  });

  function silenced() {
    return muted || framesHeld;
  }

  function suspend(context) {
    if (context.state === "closed" || suspendedByUs.indexOf(context) >= 0)
      return;
    suspendedByUs.push(context);
    Promise.resolve(context.suspend()).catch(noop);
  }

  var settingsListeners = [];
  var settings = { disableChat: true, muteAudio: false };

  function soundChanged() {
    if (silenced()) audioContexts.forEach(suspend);
    else {
      var ours = suspendedByUs;
      suspendedByUs = [];
      ours.forEach(function (context) {
        if (context.state !== "closed")
          Promise.resolve(context.resume()).catch(noop);
      });
    }
    if (settings.muteAudio === silenced()) return;
    settings.muteAudio = silenced();
    settingsListeners.slice().forEach(function (listener) {
      try {
        listener({
          disableChat: settings.disableChat,
          muteAudio: settings.muteAudio,
        });
      } catch (ignore) {}
    });
  }

  // ---- Games written for other portals run unchanged ----
  // Their SDKs' globals, each call mapped onto the calls above, so they reach the platform through the same few
  // messages and nothing else (docs/game-sdk.md, "Games from other portals"). A page that loads its portal's own SDK
  // as well keeps that one.
  function noop() {}
  var loadingFinished = false;
  function finishLoading() {
    if (loadingFinished) return;
    loadingFinished = true;
    sdk.ready();
  }
  var lastProgress = -1;
  function loadingProgress(percent) {
    var rounded = Math.round(percent);
    if (rounded === lastProgress) return;
    lastProgress = rounded;
    sdk.loadingProgress(rounded);
  }

  /** A link back to this game with `params` in its query, as `gd<name>` (Poki's way), read back by getURLParam. */
  function shareableURL(params) {
    var url = new URL(window.location.href);
    if (params && typeof params === "object")
      Object.keys(params).forEach(function (name) {
        if (params[name] !== undefined && params[name] !== null)
          url.searchParams.set("gd" + name, String(params[name]));
      });
    return url.href;
  }
  function urlParam(name) {
    var query = new URLSearchParams(window.location.search);
    return query.get("gd" + name) || query.get(String(name)) || "";
  }
  function language() {
    return String(navigator.language || "en")
      .toLowerCase()
      .split("-")[0];
  }
  function deviceType() {
    var agent = String(navigator.userAgent || "").slice(0, 512);
    if (/iPad|Tablet/i.test(agent)) return "tablet";
    if (/Mobi|Android|iPhone/i.test(agent)) return "mobile";
    return "desktop";
  }

  // ---- Poki SDK v2 ----
  /** Poki's breaks take onStart itself or, in later versions, { onStart }. */
  function onStartOf(option) {
    return option && typeof option === "object" ? option.onStart : option;
  }
  function pokiInit() {
    return whenDataLoaded().catch(function (reason) {
      throw new Error(
        reason === "timeout"
          ? "Playfeed sent no word of the game's data in 20 seconds"
          : "The player's saved data cannot be had now",
      );
    });
  }
  if (!window.PokiSDK)
    window.PokiSDK = {
      init: pokiInit,
      initWithVideoHB: pokiInit,
      setDebug: noop,
      setLogging: noop,
      gameLoadingStart: function () {
        loadingProgress(0);
      },
      /** { percentageDone } as a percentage only when it cannot be a fraction (above 1); else nothing. */
      gameLoadingProgress: function (progress) {
        var done = progress && Number(progress.percentageDone);
        if (done > 1 && done <= 100) loadingProgress(done);
      },
      gameLoadingFinished: finishLoading,
      gameInteractive: noop,
      gameplayStart: sdk.gameplayStart,
      gameplayStop: sdk.gameplayStop,
      roundStart: noop,
      roundEnd: noop,
      happyTime: sdk.happyTime,
      /** Resolves when the break is over; onStart runs if an ad shows. */
      commercialBreak: function (onStart) {
        return sdk.commercialBreak(onStartOf(onStart));
      },
      /** Resolves true only when the ad was watched to its end. */
      rewardedBreak: function (onStart) {
        return sdk.rewardedBreak(onStartOf(onStart));
      },
      /** No display ads here: the slot reports itself empty, as Poki's does without an ad. */
      displayAd: function (container, size, onCanDestroy, onDisplayRendered) {
        try {
          if (typeof onDisplayRendered === "function") onDisplayRendered(true);
          if (typeof onCanDestroy === "function") onCanDestroy();
        } catch (ignore) {}
      },
      destroyAd: noop,
      muteAd: noop,
      shareableURL: function (params) {
        return Promise.resolve(shareableURL(params));
      },
      getURLParam: urlParam,
      getLanguage: language,
      getIsoLanguage: language,
      getDeviceInfo: function () {
        return { category: deviceType() };
      },
      isAdBlocked: function () {
        return false;
      },
      getLeaderboard: function () {
        return Promise.resolve([]);
      },
      showLeaderboard: noop,
      sendHighscore: noop,
      /** The Playfeed player, by the public name and picture the platform sent; null for a visitor. */
      getUser: function () {
        return whenGreeted(DATA_PATIENCE).then(function () {
          return player
            ? {
                username: player.name,
                avatarUrl: player.picture || "",
                optedIn: true,
              }
            : null;
        });
      },
      getToken: function () {
        return Promise.resolve(null);
      },
      login: function () {
        return Promise.reject(new Error("Players sign in on Playfeed itself"));
      },
      openExternalLink: noop,
      movePill: noop,
      measure: noop,
      customEvent: noop,
      logError: noop,
      captureError: noop,
      enableEventTracking: noop,
      setDebugTouchOverlayController: noop,
      setPlayerAge: noop,
      togglePlayerAdvertisingConsent: noop,
      setPlaytestCanvas: noop,
      playtestSetCanvas: noop,
      playtestCaptureHtmlOnce: noop,
      playtestCaptureHtmlForce: noop,
      playtestCaptureHtmlOn: noop,
      playtestCaptureHtmlOff: noop,
    };

  // ---- CrazyGames SDK v2 and v3, on one window.CrazyGames.SDK ----
  // v3 games call init() first; v2 has no init. Where the two differ (inviteLink, isUserAccountAvailable), a game
  // that called init() gets v3's answer, any other v2's.
  var crazyV3 = false;
  function crazyError(code, message) {
    return { code: code, message: message };
  }
  /** v2's way: an optional node-style callback, and a Promise either way. */
  function answer(promise, callback) {
    if (typeof callback === "function")
      promise.then(
        function (value) {
          callback(null, value);
        },
        function (error) {
          callback(error);
        },
      );
    promise.catch(noop);
    return promise;
  }
  function answered(action) {
    return function (callback) {
      return answer(Promise.resolve(action()), callback);
    };
  }
  function inviteLink(params, callback) {
    var link = shareableURL(params);
    return crazyV3 ? link : answer(Promise.resolve(link), callback);
  }
  function crazyUser() {
    return whenGreeted(DATA_PATIENCE).then(function () {
      return player
        ? { username: player.name, profilePictureUrl: player.picture }
        : null;
    });
  }
  function notAuthenticated() {
    return Promise.reject(
      crazyError("userNotAuthenticated", "Players sign in on Playfeed itself"),
    );
  }
  function sameAsLocalStorage(action) {
    try {
      action();
    } catch (error) {
      throw quotaExceeded(error.message);
    }
  }

  if (!window.CrazyGames)
    window.CrazyGames = {
      SDK: {
        /** As on CrazyGames inside a Playfeed frame, so a game turns on what it offers there; "local" on its own. */
        environment: embedded ? "crazygames" : "local",
        isQaTool: false,
        /** v3: resolves once the game's data is in; rejects when it cannot be had or nothing came in 20 s. */
        init: function () {
          crazyV3 = true;
          return whenDataLoaded().catch(function (reason) {
            throw crazyError(
              "unexpectedError",
              reason === "timeout"
                ? "Playfeed sent no word of the game's data in 20 seconds"
                : "The player's saved data cannot be had now",
            );
          });
        },
        getEnvironment: function (callback) {
          return answer(
            Promise.resolve(embedded ? "crazygames" : "local"),
            callback,
          );
        },
        game: {
          loadingStart: answered(function () {
            loadingProgress(0);
          }),
          loadingStop: answered(finishLoading),
          sdkGameLoadingStart: answered(function () {
            loadingProgress(0);
          }),
          sdkGameLoadingStop: answered(finishLoading),
          gameplayStart: answered(sdk.gameplayStart),
          gameplayStop: answered(sdk.gameplayStop),
          happytime: answered(sdk.happyTime),
          inviteLink: inviteLink,
          getInviteParam: function (name) {
            return urlParam(name) || null;
          },
          showInviteButton: function (params) {
            return shareableURL(params);
          },
          hideInviteButton: noop,
          isInstantMultiplayer: false,
          isInstantJoin: false,
          settings: settings,
          addSettingsChangeListener: function (listener) {
            if (typeof listener === "function")
              settingsListeners.push(listener);
          },
          removeSettingsChangeListener: function (listener) {
            settingsListeners = settingsListeners.filter(function (other) {
              return other !== listener;
            });
          },
        },
        ad: {
          /**
           * "midgame" is an interstitial, "rewarded" a rewarded break. adStarted as an ad shows; adFinished when it
           * ran (for "rewarded": was watched to its end, so the reward is due); else adError, "unfilled" when no ad
           * showed, as CrazyGames reports an ad it could not fill. v2's Promise resolves when the break is over.
           */
          requestAd: function (type, callbacks) {
            var on = callbacks || {};
            var call = function (name, value) {
              if (typeof on[name] === "function") on[name](value);
            };
            var kind = type === "rewarded" ? "rewarded" : "interstitial";
            return requestBreak(kind, function () {
              call("adStarted");
            }).then(function (outcome) {
              if (!outcome.shown)
                call("adError", crazyError("unfilled", "No ad was available"));
              else if (kind === "rewarded" && !outcome.rewarded)
                call(
                  "adError",
                  crazyError("other", "The ad was closed before its end"),
                );
              else call("adFinished");
            });
          },
          hasAdblock: answered(function () {
            return false;
          }),
        },
        banner: {
          requestBanner: function (request, callback) {
            return answer(Promise.resolve(), callback);
          },
          requestResponsiveBanner: function (container, callback) {
            return answer(Promise.resolve(), callback);
          },
          clearBanner: noop,
          clearAllBanners: noop,
        },
        data: {
          getItem: function (key) {
            return storage.getItem(key);
          },
          setItem: function (key, value) {
            sameAsLocalStorage(function () {
              storage.setItem(key, value);
            });
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
          // Players sign in on Playfeed, not in a game: v3 reads false, v2's call answers false.
          get isUserAccountAvailable() {
            return crazyV3
              ? false
              : answered(function () {
                  return false;
                });
          },
          systemInfo: {
            countryCode: "",
            locale: String(navigator.language || "en"),
            device: { type: deviceType() },
            os: { name: "", version: "" },
            browser: { name: "", version: "" },
            applicationType: "web",
          },
          /** The player signed in on Playfeed, by the public name and picture the platform sent; null for a visitor. */
          getUser: function (callback) {
            return answer(crazyUser(), callback);
          },
          showAuthPrompt: function (callback) {
            return answer(
              Promise.reject(
                player
                  ? crazyError(
                      "userAlreadySignedIn",
                      "Already signed in on Playfeed",
                    )
                  : crazyError(
                      "userCancelled",
                      "Players sign in on Playfeed itself",
                    ),
              ),
              callback,
            );
          },
          showAccountLinkPrompt: function (callback) {
            return answer(
              player ? Promise.resolve({ response: "no" }) : notAuthenticated(),
              callback,
            );
          },
          getUserToken: function (callback) {
            return answer(notAuthenticated(), callback);
          },
          getXsollaUserToken: function (callback) {
            return answer(notAuthenticated(), callback);
          },
          addAuthListener: noop,
          removeAuthListener: noop,
        },
      },
    };
})();
