// The table's keys on a page without notebook cells (issue 30): which keys keep their default action.
import assert from "node:assert/strict";
import test from "node:test";

import { keepsDefault, ownsKey } from "../../war_widget/views/component/src/helpers.js";

test("on the table no key scrolls or navigates the page: the table prevents its default", () => {
  const keys = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End", " ",
    "Backspace", "Enter", "Escape", "x", "d", "m", "a", "b", "v"];
  for (const tag of ["CANVAS", "DIV"]) {
    for (const key of keys) {
      for (const mods of [{}, { shiftKey: true }, { altKey: true }]) {
        assert.equal(ownsKey({ key, ...mods }), true);
        assert.equal(keepsDefault({ key, ...mods }, tag), false, `${tag} ${key} ${JSON.stringify(mods)}`);
      }
    }
  }
  // on a button: its own Space and Enter click it; the arrows and the rest scroll nothing
  assert.equal(keepsDefault({ key: " " }, "BUTTON"), true);
  assert.equal(keepsDefault({ key: "Enter" }, "BUTTON"), true);
  assert.equal(keepsDefault({ key: "Enter", shiftKey: true }, "BUTTON"), true);
  assert.equal(keepsDefault({ key: "Enter" }, "SUMMARY"), true, "the rules panel opens from the keyboard");
  assert.equal(keepsDefault({ key: "ArrowDown" }, "BUTTON"), false);
  assert.equal(keepsDefault({ key: "PageDown" }, "BUTTON"), false);
  assert.equal(keepsDefault({ key: "ArrowLeft", altKey: true }, "BUTTON"), false, "Alt+Left would go back a page");
});

test("typing, choosing and the browser's own shortcuts keep their default", () => {
  for (const tag of ["INPUT", "SELECT", "TEXTAREA"]) {
    for (const key of ["ArrowDown", "ArrowUp", "Backspace", " ", "a", "Home", "End"]) {
      assert.equal(keepsDefault({ key }, tag), true, `${tag} ${key}`);
    }
  }
  assert.equal(keepsDefault({ key: "x" }, "DIV", true), true, "a content-editable target types");
  for (const key of ["c", "f", "+", "-", "0", "r"]) {
    assert.equal(keepsDefault({ key, ctrlKey: true }, "CANVAS"), true, `Ctrl+${key}`);
    assert.equal(keepsDefault({ key, metaKey: true }, "CANVAS"), true, `Cmd+${key}`);
  }
  assert.equal(keepsDefault({ key: "F5" }, "CANVAS"), true);
  assert.equal(keepsDefault({ key: "F11" }, "CANVAS"), true);
  assert.equal(keepsDefault({ key: "Enter", ctrlKey: true }, "CANVAS"), false, "Ctrl+Enter is a key, not a character");
  assert.equal(keepsDefault({ key: "ArrowDown", ctrlKey: true }, "CANVAS"), false);
});
