#!/usr/bin/env python3
"""Drives headless Chromium through a page flow, as a person would, over the DevTools protocol.

For tests of Tenki's HTML pages (the "Add to Slack" install flow): real navigation, redirects,
cookies and forms, in a real browser, on loopback only. Reads the steps as JSON on stdin and
writes one JSON line per step to stdout; exits 1 at the first step whose expectation fails.

    echo '{"steps": [{"goto": "http://127.0.0.1:8080/slack/install"}, {"screenshot": "install"},
                     {"click": "a.install"}, {"expect_text": "Installed"}]}' \
        | Tests/Scripts/browser.py --screenshots /tmp/shots

Steps (each one key, and options beside it):
  {"goto": URL}                     load URL and wait for the page (redirects followed)
  {"click": CSS}                    click the first element CSS selects; wait for the next page
  {"submit": CSS}                   submit the form CSS selects; wait for the next page
  {"expect_text": TEXT}             the page's visible text contains TEXT
  {"expect_status": CODE}           the last document's HTTP status was CODE
  {"expect_url_prefix": PREFIX}     the page's URL starts with PREFIX
  {"screenshot": NAME}              write NAME.png (full page) into --screenshots
  {"language": "ja"}                send Accept-Language: ja from now on
  {"clear_cookies": true}           forget every cookie (a new visitor)
  {"delete_cookie": NAME, "url": U} forget one cookie of U
Each output line: {"step": N, "url", "status", "title", "text" (the first 4000 characters)}.

Needs `chromium` (Debian's package) and Python's `websockets` (PyPI). Chromium runs with a fresh
profile in a temporary directory, removed afterwards.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from websockets.sync.client import connect

TIMEOUT = 20.0


class Page:
    """One tab, spoken to over its DevTools WebSocket: commands, and the events they cause."""

    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0
        self.events = []
        self.status = None

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = json.loads(self.socket.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})
            self.observe(message)

    def observe(self, message):
        if message.get("method") == "Network.responseReceived" and message["params"].get("type") == "Document":
            self.status = message["params"]["response"]["status"]
        self.events.append(message.get("method"))

    def wait_for_load(self):
        """Waits for the next `load` of the top frame (after a navigation or a click that starts one)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise RuntimeError("the page did not finish loading")
            message = json.loads(self.socket.recv(timeout=remaining))
            self.observe(message)
            if message.get("method") == "Page.loadEventFired":
                return

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {expression}")
        return result["result"].get("value")

    def describe(self, step):
        return {
            "step": step,
            "url": self.evaluate("location.href"),
            "status": self.status,
            "title": self.evaluate("document.title"),
            "text": (self.evaluate("document.body ? document.body.innerText : ''") or "")[:4000],
        }


def start_chromium(profile):
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not binary:
        raise SystemExit("browser.py: chromium not found (apt-get install chromium)")
    process = subprocess.Popen(
        [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
         "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", f"--user-data-dir={profile}",
         "--window-size=1000,800", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + TIMEOUT
    while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit("browser.py: chromium did not start")
        time.sleep(0.05)
    port = open(port_file).read().split()[0]
    return process, port


def page_socket_url(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=TIMEOUT) as response:
        targets = json.load(response)
    return next(t["webSocketDebuggerUrl"] for t in targets if t.get("type") == "page")


def run(steps, screenshots):
    profile = tempfile.mkdtemp(prefix="tenki-browser-")
    process, port = start_chromium(profile)
    try:
        with connect(page_socket_url(port), max_size=64 * 1024 * 1024, open_timeout=TIMEOUT) as socket:
            page = Page(socket)
            for domain in ("Page", "Network", "Runtime"):
                page.call(f"{domain}.enable")
            for number, step in enumerate(steps, 1):
                failure = perform(page, step, screenshots)
                print(json.dumps(page.describe(number), ensure_ascii=False), flush=True)
                if failure:
                    print(f"browser.py: step {number} {json.dumps(step, ensure_ascii=False)}: {failure}", file=sys.stderr)
                    return 1
        return 0
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)


def perform(page, step, screenshots):
    """Does one step; returns why its expectation failed, or None."""
    if "goto" in step:
        page.call("Page.navigate", url=step["goto"])
        page.wait_for_load()
    elif "click" in step or "submit" in step:
        selector = json.dumps(step.get("click") or step.get("submit"))
        action = "click()" if "click" in step else "requestSubmit()"
        if not page.evaluate(f"(() => {{ const e = document.querySelector({selector}); if (!e) return false; e.{action}; return true; }})()"):
            return "nothing matches the selector"
        page.wait_for_load()
    elif "expect_text" in step:
        text = page.evaluate("document.body ? document.body.innerText : ''") or ""
        if step["expect_text"] not in text:
            return f"the page does not say {step['expect_text']!r}"
    elif "expect_status" in step:
        if page.status != step["expect_status"]:
            return f"status {page.status}, want {step['expect_status']}"
    elif "expect_url_prefix" in step:
        url = page.evaluate("location.href")
        if not url.startswith(step["expect_url_prefix"]):
            return f"at {url}"
    elif "screenshot" in step:
        if not screenshots:
            return "no --screenshots directory"
        shot = page.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        os.makedirs(screenshots, exist_ok=True)
        with open(os.path.join(screenshots, step["screenshot"] + ".png"), "wb") as file:
            file.write(base64.b64decode(shot["data"]))
    elif "language" in step:
        page.call("Network.setExtraHTTPHeaders", headers={"Accept-Language": step["language"]})
    elif "clear_cookies" in step:
        page.call("Network.clearBrowserCookies")
    elif "delete_cookie" in step:
        page.call("Network.deleteCookies", name=step["delete_cookie"], url=step["url"])
    else:
        return "unknown step"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screenshots", help="directory for the screenshot steps' PNG files")
    arguments = parser.parse_args()
    steps = json.load(sys.stdin)["steps"]
    return run(steps, arguments.screenshots)


if __name__ == "__main__":
    sys.exit(main())
