"""One server per test module (its worker process is warm after the first PDF); profiles in a temporary folder."""

import re
import time

import pytest

HOSTS = {"127.0.0.1", "localhost", "::1", "testserver"}


@pytest.fixture(scope="module")
def config(tmp_path_factory):
    folder = tmp_path_factory.mktemp("config")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PNPKIT_CONFIG", str(folder))  # the worker process inherits it
        yield folder


@pytest.fixture(scope="module")
def client(config):
    from starlette.testclient import TestClient

    from cli.web.app import create_app

    with TestClient(create_app(allowed_hosts=HOSTS), raise_server_exceptions=False) as made:
        yield made


def command_of(html: str) -> str:
    """The terminal command a result shows, as its text reads (and copies): tags left out, entities read."""
    import html as entities

    shown = re.search(r'<pre class="command"[^>]*>(.*?)</pre>', html, re.S).group(1)
    return entities.unescape(re.sub(r"<[^>]+>", "", shown))


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


@pytest.fixture(scope="module")
def csrf(client) -> str:
    return csrf_of(client.get("/").text)


def wait(client, job: int, until=("done", "failed", "cancelled", "timeout"), seconds: float = 60) -> dict:
    """Poll a job (as the page does) until its state is one of `until`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        state = client.get(f"/jobs/{job}").json()
        if state["state"] in until:
            return state
        time.sleep(0.05)
    raise AssertionError(f"job {job} still {state} after {seconds} s")


def start(client, csrf: str, command: str, **fields) -> int:
    """Submit a form as the page's script does; the job's number."""
    answer = client.post("/make", data={"csrf": csrf, "command": command, **fields},
                         headers={"x-pnpkit-async": "1"})
    assert answer.status_code == 200, answer.text
    return answer.json()["job"]
