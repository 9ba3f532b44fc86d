"""Headless Chromium from Debian (chromium, chromium-driver) driven by Selenium, shared by the
browser checks."""
import contextlib
import shutil
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


@contextlib.contextmanager
def chromium(width=1400, height=900):
    profile = tempfile.mkdtemp(prefix="digraph-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(driver, script, what, seconds=30):
    """Polls a script until it returns true; fails naming what it waited for."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if driver.execute_script(script):
            return
        time.sleep(0.05)
    raise SystemExit(f"timed out after {seconds} s waiting for {what}")
