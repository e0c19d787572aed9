"""deploy/jupyterhub/: the one-server config, the Zero to JupyterHub values and the
single-user image say the same thing (the hub test runs only the first of them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy" / "jupyterhub"
VOILA_IN_IMAGE = "/srv/cardgames/voila.json"


@pytest.fixture(scope="module")
def config():
    """jupyterhub_config.py as JupyterHub loads it (``get_config`` from traitlets)."""
    from traitlets.config import PyFileConfigLoader

    return PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY)).load_config()


@pytest.fixture(scope="module")
def values():
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((DEPLOY / "values.yaml").read_text())


def test_students_land_on_the_start_page_in_their_own_server(config, values):
    """The start page (classroom.extension, a server extension) in each student's server."""
    assert config.Spawner.default_url == "/cardgames/"
    assert values["singleuser"]["defaultUrl"] == config.Spawner.default_url
    enable = "--ServerApp.jpserver_extensions=classroom=True"
    assert enable in config.Spawner.args
    assert enable in values["hub"]["config"]["KubeSpawner"]["args"]


def test_same_log_in(config, values):
    assert config.JupyterHub.authenticator_class == "native"
    hub = values["hub"]["config"]
    assert hub["JupyterHub"]["authenticator_class"] == "native"
    assert hub["NativeAuthenticator"] == dict(config.NativeAuthenticator)
    assert config.NativeAuthenticator.open_signup is False       # a teacher authorizes
    assert hub["Authenticator"]["allow_all"] is config.Authenticator.allow_all is True


def test_same_server_settings(config, values):
    spawner = values["hub"]["config"]["KubeSpawner"]
    assert spawner["notebook_dir"] == config.Spawner.notebook_dir
    # the same Voila and kernel-culling settings: make serve's voila.json, in the image
    # (the server's own idle stop is the chart's culler on Kubernetes)
    assert spawner["args"] == [f"--config={VOILA_IN_IMAGE}",
                               "--ServerApp.jpserver_extensions=classroom=True"]
    assert f"--config={VOILA_IN_IMAGE}" in config.Spawner.args


def test_voila_json_has_what_a_server_needs():
    """The sections a Jupyter server (not standalone Voila) reads from voila.json."""
    settings = json.loads((REPO / "voila.json").read_text())
    assert settings["VoilaConfiguration"]["show_tracebacks"] is False
    assert settings["VoilaConfiguration"]["strip_sources"] is True
    assert settings["MappingKernelManager"]["cull_idle_timeout"] > 0


def test_the_image_holds_the_lessons_where_the_servers_look(config):
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "COPY lessons ./lessons" in dockerfile
    assert "COPY voila.json ./voila.json" in dockerfile
    workdir = re.search(r"^WORKDIR (/\S+)$", dockerfile, re.MULTILINE).group(1)
    assert f"{workdir}/lessons" == config.Spawner.notebook_dir
    assert f"{workdir}/voila.json" == VOILA_IN_IMAGE
    assert re.search(r'pip install "\.\[apps\]" "jupyterhub==', dockerfile)
    assert re.search(r"^USER 1000$", dockerfile, re.MULTILINE)       # not root


def test_memory_limits_cover_the_measured_server(config, values):
    """218 MB measured for a server with one app open (docs/serving.md)."""
    def mb(text: str) -> float:
        number, unit = re.fullmatch(r"(\d+)([MG])", text).groups()
        return int(number) * (1000 if unit == "G" else 1)

    measured = 218
    memory = values["singleuser"]["memory"]
    assert mb(memory["guarantee"]) >= measured
    assert mb(memory["limit"]) >= mb(memory["guarantee"])
    assert mb(config.DockerSpawner.mem_limit) >= measured


def test_the_authenticator_takes_every_setting(config):
    """Every NativeAuthenticator / Authenticator setting is a configurable trait of
    NativeAuthenticator, with a value of its type."""
    from nativeauthenticator import NativeAuthenticator

    traits = NativeAuthenticator.class_traits(config=True)
    for section in ("NativeAuthenticator", "Authenticator"):
        for name, value in config[section].items():
            assert name in traits, f"{section}.{name}"
            traits[name].validate(None, value)


TABLES = "cardgames-tables"
TEACH = f"custom:{TABLES}:teach"


def _tables_service(config) -> dict:
    services = [s for s in config.JupyterHub.services if s["name"] == TABLES]
    assert len(services) == 1
    return services[0]


def test_the_tables_are_a_managed_service_on_both(config, values):
    """The table service (issue 21): started by the hub (python -m classroom.tables), no
    OAuth question, its OAuth tokens may carry the teachers' scope; the same in the
    Zero to JupyterHub values, on the port the hub's pod opens to the proxy and kernels."""
    from jupyterhub.services.service import Service

    one = _tables_service(config)
    k8s = values["hub"]["services"][TABLES]
    for spec in (one, dict(k8s, name=TABLES)):
        traits = Service.class_traits(input=True)
        assert set(spec) <= set(traits), set(spec) - set(traits)   # every key is an input
        assert spec["command"][1:3] == ["-m", "classroom.tables"]
        assert spec["oauth_no_confirm"] is True
        assert spec["oauth_client_allowed_scopes"] == [TEACH]
        assert spec["environment"]["CARDGAMES_DATA_DIR"].startswith("/srv/jupyterhub/")
    port = int(k8s["url"].rsplit(":", 1)[1])
    assert [p["port"] for p in values["hub"]["service"]["extraPorts"]] == [port]
    assert [p["port"] for rule in values["hub"]["networkPolicy"]["ingress"]
            for p in rule["ports"]] == [port]
    for rule in (values["singleuser"]["networkPolicy"]["egress"]
                 + values["proxy"]["chp"]["networkPolicy"]["egress"]):
        assert rule["ports"] == [{"port": port}]
        assert rule["to"][0]["podSelector"]["matchLabels"]["app.kubernetes.io/component"] == "hub"
    assert one["url"].endswith(f":{port}")


def test_the_kernels_reach_the_tables_websocket(config, values):
    """CARDGAMES_TABLES_URL: the service's own address + its prefix + tables/ws."""
    path = f"/services/{TABLES}/tables/ws"
    one = config.Spawner.environment["CARDGAMES_TABLES_URL"]
    k8s = values["singleuser"]["extraEnv"]["CARDGAMES_TABLES_URL"]
    assert one == _tables_service(config)["url"].replace("http://", "ws://") + path
    assert k8s == values["hub"]["services"][TABLES]["url"].replace("http://", "ws://") + path


def test_the_same_roles_on_both(config, values):
    """The teachers' custom scope is defined; the teachers (the admins and the group
    'teachers') hold it; the service reads users (is this one an admin?); every user may
    open the service's pages (extra_user_scopes on JupyterHub 6, the chart's 5: 'user')."""
    assert set(config.JupyterHub.custom_scopes) == {TEACH}
    k8s_scopes = values["hub"]["config"]["JupyterHub"]["custom_scopes"]
    assert set(k8s_scopes) == {TEACH}
    assert k8s_scopes[TEACH]["description"] == config.JupyterHub.custom_scopes[TEACH]["description"]
    roles = {r["name"]: r for r in config.JupyterHub.load_roles}
    k8s_roles = values["hub"]["loadRoles"]
    for name in ("cardgames-teachers", f"{TABLES}-service"):
        assert {k: v for k, v in roles[name].items() if k != "name"} == k8s_roles[name], name
    assert roles["cardgames-teachers"]["scopes"] == [TEACH, f"access:services!service={TABLES}"]
    assert roles["cardgames-teachers"]["users"] == sorted(config.Authenticator.admin_users)
    assert roles["cardgames-teachers"]["groups"] == ["teachers"]
    assert roles[f"{TABLES}-service"] == {"name": f"{TABLES}-service", "scopes": ["read:users"],
                                          "services": [TABLES]}
    access = f"access:services!service={TABLES}"
    assert config.JupyterHub.extra_user_scopes == {access}
    assert k8s_roles["user"]["scopes"] == ["self", access]


def test_the_hub_image_installs_the_project():
    dockerfile = (DEPLOY / "Dockerfile.hub").read_text()
    assert re.search(r"^FROM quay.io/jupyterhub/k8s-hub:", dockerfile, re.MULTILINE)
    assert 'pip install --no-cache-dir ".[apps]"' in dockerfile
    assert re.search(r"^USER 1000$", dockerfile, re.MULTILINE)
