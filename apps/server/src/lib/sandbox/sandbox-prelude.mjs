// Source evaluated once inside each fresh QuickJS context (plain JS: loaded by the worker).
// It captures the intrinsics it needs before any user code runs, freezes every reachable
// intrinsic so one call cannot change what the next call sees (prototype tampering), and
// returns the two entry points the worker calls: compile(argNamesJson, body) and invoke(fn, argsJson).

/** @param {number} maxResultChars */
export function preludeSource(maxResultChars) {
  return `(function () {
  'use strict';
  var G = globalThis;
  var parse = JSON.parse, stringify = JSON.stringify, apply = Reflect.apply, ownKeys = Reflect.ownKeys;
  var getProto = Object.getPrototypeOf, freeze = Object.freeze, isFrozen = Object.isFrozen;
  var getDescs = Object.getOwnPropertyDescriptors, defineProp = Object.defineProperty;
  var hasOwn = Object.prototype.hasOwnProperty, Fn = Function, ErrorCtor = Error, Str = String;
  var exec = RegExp.prototype.exec, MAX = ${Number(maxResultChars)};

  // Scripts written for ThingsBoard may log; logging goes nowhere (nothing reaches the host).
  var noop = function () {};
  defineProp(G, 'console', { value: { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop }, writable: true, configurable: true });

  // Assigning an inherited frozen property would silently fail ("override mistake"); these common
  // ones become accessors that define an own property on the receiver instead.
  function enableOverride(obj, key) {
    var d = Object.getOwnPropertyDescriptor(obj, key);
    if (!d || !('value' in d)) return;
    var value = d.value;
    defineProp(obj, key, {
      get: function () { return value; },
      set: function (v) {
        if (this === obj) throw new TypeError('Cannot assign to read only property ' + Str(key));
        defineProp(this, key, { value: v, writable: true, enumerable: true, configurable: true });
      },
      enumerable: d.enumerable, configurable: false,
    });
  }
  ['toString', 'valueOf', 'constructor', 'toLocaleString'].forEach(function (k) { enableOverride(Object.prototype, k); });
  ['name', 'message', 'toString', 'constructor'].forEach(function (k) { enableOverride(Error.prototype, k); });
  ['toString', 'constructor'].forEach(function (k) { enableOverride(Array.prototype, k); enableOverride(Function.prototype, k); });

  var seen = new Set();
  function deepFreeze(root) {
    var stack = [root];
    while (stack.length) {
      var o = stack.pop();
      if ((typeof o !== 'object' && typeof o !== 'function') || o === null || o === G) continue;
      if (seen.has(o)) continue;
      seen.add(o);
      freeze(o);
      stack.push(getProto(o));
      var ds = getDescs(o), ks = ownKeys(ds);
      for (var i = 0; i < ks.length; i++) {
        var d = ds[ks[i]];
        if ('value' in d) stack.push(d.value); else { stack.push(d.get); stack.push(d.set); }
      }
    }
  }
  // Intrinsics not reachable as global properties, reached through syntax.
  var hidden = [
    function* () {}, async function () {}, async function* () {}, (function* () {})(),
    [][Symbol.iterator](), new Map().entries(), new Set().values(), ''[Symbol.iterator](),
    /a/[Symbol.matchAll](''), (async function* () {})(), Promise.resolve(),
  ];
  var gk = ownKeys(G);
  for (var i = 0; i < gk.length; i++) {
    var k = gk[i];
    var d = Object.getOwnPropertyDescriptor(G, k);
    if (!('value' in d)) continue;
    deepFreeze(d.value);
    // Built-in bindings cannot be replaced (e.g. JSON = ...) by one script for the next.
    defineProp(G, k, { writable: false, configurable: false });
  }
  for (var j = 0; j < hidden.length; j++) deepFreeze(getProto(hidden[j]));
  seen = null;
  var baseKeys = ownKeys(G), baseCount = baseKeys.length;

  // Sloppy scripts may create globals (x = 1 without var); they are removed after each call.
  // Returns false when one could not be removed: the worker then recreates the context.
  function resetGlobals() {
    var ks = ownKeys(G);
    if (ks.length === baseCount) return true;
    for (var i = 0; i < ks.length; i++) {
      if (baseKeys.indexOf(ks[i]) >= 0) continue;
      try { delete G[ks[i]]; } catch (_) { return false; }
    }
    return ownKeys(G).length === baseCount;
  }

  var lineRe = /<input>:(\\d+):(\\d+)/;
  function describe(e) {
    try {
      if (e instanceof ErrorCtor) {
        var text = Str(e.name) + ': ' + Str(e.message);
        if (e.name === 'SyntaxError') {
          var m = apply(exec, lineRe, [Str(e.stack)]);
          // The Function constructor puts two lines before the body.
          if (m) text += ' (line ' + (Number(m[1]) - 2) + ', column ' + m[2] + ')';
        }
        return text;
      }
      return 'Error: ' + Str(e);
    } catch (_) {
      return 'Error: the script threw a value that cannot be printed';
    }
  }

  function compile(argNamesJson, body) {
    try {
      var f = apply(Fn, undefined, parse(argNamesJson).concat([body]));
      freeze(f);
      if (f.prototype) freeze(f.prototype);
      return f;
    } catch (e) {
      return describe(e);
    } finally {
      if (!resetGlobals()) return 'Error: the script changed the global scope irreversibly';
    }
  }

  // Listing the global's keys costs more than a small script, so a function is watched on its
  // first calls (and always once it has created a global); others are checked every 64 calls.
  var watch = new WeakMap(), calls = 0;
  function leftGlobals(fn) {
    var w = watch.get(fn);
    if (w === undefined) w = 3;
    if (w === 0 && (++calls & 63) !== 0) return false;
    if (ownKeys(G).length !== baseCount) {
      watch.set(fn, -1);
      return !resetGlobals();
    }
    if (w > 0) watch.set(fn, w - 1);
    return false;
  }

  // Result prefix: 'u' undefined, 'j' JSON, 'e' error text, 'L' result too large; 'R' before = context must be recreated.
  function invoke(fn, argsJson) {
    var out;
    try {
      var r = apply(fn, undefined, parse(argsJson));
      var s = r === undefined ? undefined : stringify(r);
      out = s === undefined ? 'u' : s.length > MAX ? 'L' + s.length : 'j' + s;
    } catch (e) {
      out = 'e' + describe(e);
    }
    return leftGlobals(fn) ? 'R' + out : out;
  }
  return [compile, invoke];
})()`;
}
