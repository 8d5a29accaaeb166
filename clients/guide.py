"""Runs the "Official clients" guide (portal/docs/testing/clients.md, and its Japanese page) as a
reader would, against a live server (clients/run.sh): in an empty folder beside a clone's
`clients/` (a link to this one), each ```bash block runs in order, each block with a `title`
(`shop-ts/expiry.mjs`, `expiry.py`) is saved under that name where it appears, and a block
followed by a ```text block must print exactly that text.

    python3 clients/guide.py BASE_URL MERCHANT_KEY
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [
    ("en", ROOT / "portal/docs/testing/clients.md"),
    ("ja", ROOT / "portal/i18n/ja/docusaurus-plugin-content-docs/current/testing/clients.md"),
]
FENCE = re.compile(r"^```([^\n]*)\n(.*?)\n```$", re.S | re.M)


def run(lang: str, page: Path, base: str, key: str) -> int:
    blocks = [(m.group(1).strip(), m.group(2)) for m in FENCE.finditer(page.read_text())]
    env = {**os.environ, "NOREN_API_BASE": base, "NOREN_KEY": key}
    env.pop("NOREN_PARTNER_KEY", None)
    ran = 0
    with tempfile.TemporaryDirectory() as work:
        os.symlink(ROOT / "clients", Path(work) / "clients")
        for i, (info, text) in enumerate(blocks):
            title = re.search(r'title="([^"]+)"', info)
            if title:
                path = Path(work) / title.group(1)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text + "\n")
                continue
            if info != "bash":
                continue
            # The page's address is this server's.
            script = text.replace("http://127.0.0.1:8080", base)
            done = subprocess.run(
                ["bash", "-euo", "pipefail", "-c", script], cwd=work, env=env, capture_output=True, text=True
            )
            ran += 1
            if done.returncode != 0:
                sys.exit(f"{page.name} ({lang}), block {i + 1} failed:\n{text}\n--- stdout\n{done.stdout}\n--- stderr\n{done.stderr}")
            following = blocks[i + 1] if i + 1 < len(blocks) else None
            if following and following[0] == "text" and done.stdout.strip() != following[1].strip():
                sys.exit(
                    f"{page.name} ({lang}), block {i + 1} printed\n{done.stdout}\nwhere the page shows\n{following[1]}"
                )
    return ran


def main() -> None:
    base, key = sys.argv[1], sys.argv[2]
    commands = {}
    for lang, page in PAGES:
        commands[lang] = [b for b in FENCE.findall(page.read_text()) if b[0] != "text"]
        n = run(lang, page, base, key)
        print(f"ran the {lang} clients guide as written: {n} shell blocks, every shown output matched")
    if commands["en"] != commands["ja"]:
        sys.exit("the Japanese clients guide does not hold the same commands and code as the English one")


if __name__ == "__main__":
    main()
