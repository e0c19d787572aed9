"""JupyterHub for a school on one server: every student logs in and gets a server of
their own, landing on the project's start page (the lessons and apps, served by Voila
inside it).

- Log-in: NativeAuthenticator. Students sign up with a name and password at
  ``/hub/signup``; a teacher (an admin) authorizes each one at ``/hub/authorize``
  (or creates the accounts in advance).  No school directory, e-mail or cloud
  account is needed.  Alternatives are in ``docs/serving.md`` (Google / Microsoft
  accounts through OAuthenticator, a Moodle or Canvas course through LTI).
- Servers: DockerSpawner, one container per student from the image built by
  ``deploy/jupyterhub/Dockerfile`` (``cardgames[apps]``), with a memory and CPU
  limit each.  A student's kernels run in their own container, as their own
  user, next to nobody else's.
- The online tables (issue 21): the table service (``python -m classroom.tables``)
  as a managed service at ``/services/cardgames-tables/``: the students' pages log in
  through the hub (OAuth), the teachers' pages need the role ``cardgames-teachers``
  (the custom scope ``custom:cardgames-tables:teach``) or an admin, the students'
  kernels connect to it with their own server's hub token (``CARDGAMES_TABLES_URL``).
  The hub's Python needs the project installed (``pip install '.[apps]'``).
- Landing: ``LANDING_URL`` below, the start page of ``make serve`` by default (the
  same page, from the ``classroom`` package as a server extension of the student's
  server: ``/user/<name>/cardgames/``, ``?lang=hr`` or ``de`` for the other languages),
  whose links open the apps and lessons in Voila in that student's own server.

Run on the server (Docker, Python >= 3.11 and Node.js installed)::

    pip install 'jupyterhub==6.1.1' 'jupyterhub-nativeauthenticator==1.3.0' dockerspawner '.[apps]'
    npm install -g configurable-http-proxy
    docker build -t cardgames-singleuser:latest -f deploy/jupyterhub/Dockerfile .
    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

``tests/hub/test_hub.py`` loads this file and replaces only what needs root or
Docker (the authenticator, the spawner, addresses and folders); see there.
"""

# ruff: noqa: F821  (``c`` and ``get_config`` are given by JupyterHub)
from __future__ import annotations

import os
import sys

c = get_config()  # type: ignore[name-defined]

# --- what a school changes --------------------------------------------------------

#: Where each student lands after logging in, inside their own server: the start page
#: (the lessons, apps and rules under their titles, with a language picker), served by
#: the classroom extension enabled below.  "/cardgames/?lang=hr" lands on it in
#: Croatian; "/voila/tree" on Voila's bare file list; "/voila/render/app_liar.ipynb" on
#: one app (a path in LESSONS_DIR).
LANDING_URL = os.environ.get("CARDGAMES_LANDING_URL", "/cardgames/")

#: The teachers' user names: they are the hub's admins (authorize sign-ups, see and
#: stop the students' servers at /hub/admin).
TEACHERS = {name for name in os.environ.get("CARDGAMES_TEACHERS", "teacher").split(",") if name}

#: The online tables' service: its name (its pages are at /services/<name>/), the
#: address it listens on (the proxy and the students' containers reach it there: the
#: hub's address on Docker's bridge, as the hub's API), its data folder (SQLite: every
#: table, every action; keep it on a disk that is backed up).
TABLES = "cardgames-tables"
TABLES_IP = os.environ.get("CARDGAMES_TABLES_IP", "")       # "": the hub's address (hub_ip)
TABLES_PORT = int(os.environ.get("CARDGAMES_TABLES_PORT", "10101"))
TABLES_DATA_DIR = os.environ.get("CARDGAMES_TABLES_DATA_DIR", "/srv/jupyterhub/cardgames-tables")
#: The scope of the tables' teacher pages (create, start, watch, replay).
TEACH_SCOPE = f"custom:{TABLES}:teach"

#: The single-user image (deploy/jupyterhub/Dockerfile) and the lessons inside it.
IMAGE = os.environ.get("CARDGAMES_IMAGE", "cardgames-singleuser:latest")
LESSONS_DIR = "/srv/cardgames/lessons"
VOILA_CONFIG = "/srv/cardgames/voila.json"

#: Per student: the memory and CPU a server may use.  Measured (docs/serving.md): 226 MB
#: for a server with the Liar app open (server 165 MB + kernel 61 MB); each more app
#: open at once adds a kernel (about 60 MB).
MEM_LIMIT = "512M"
CPU_LIMIT = 1.0

#: The address the students open.  Put HTTPS in front (a reverse proxy such as Caddy or
#: nginx with a certificate), or give JupyterHub the certificate itself:
#: c.JupyterHub.ssl_cert / c.JupyterHub.ssl_key.
c.JupyterHub.bind_url = "http://:8000"

# --- log-in -----------------------------------------------------------------------

c.JupyterHub.authenticator_class = "native"
c.NativeAuthenticator.open_signup = False            # a teacher authorizes every account
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5      # then a pause before trying again
c.NativeAuthenticator.seconds_before_next_try = 60
# NativeAuthenticator's own authorization decides who may log in (JupyterHub >= 5
# otherwise asks for an allowed_users list as well)
c.Authenticator.allow_all = True
c.Authenticator.admin_users = TEACHERS

# --- one server per student ---------------------------------------------------------

c.JupyterHub.spawner_class = "docker"
c.DockerSpawner.image = IMAGE
c.DockerSpawner.remove = True                        # a stopped server leaves no container
c.DockerSpawner.mem_limit = MEM_LIMIT
c.DockerSpawner.cpu_limit = CPU_LIMIT
# the containers reach the hub's API on Docker's default bridge (the host's address
# there), which nothing outside this machine can reach
c.JupyterHub.hub_ip = os.environ.get("CARDGAMES_DOCKER_BRIDGE_IP", "172.17.0.1")
c.Spawner.http_timeout = 60
c.Spawner.start_timeout = 120

# the student's server: the lessons as its root, the start page to land on
c.Spawner.notebook_dir = LESSONS_DIR
c.Spawner.default_url = LANDING_URL
c.Spawner.args = [
    # the start page of `make serve` at /user/<name>/cardgames/ (classroom/extension.py),
    # next to Voila's own server extension (enabled by its installation)
    "--ServerApp.jpserver_extensions=classroom=True",
    # Voila runs as a server extension here; `make serve`'s voila.json (copied into the
    # image) gives it the same page settings (no code, no tracebacks, which files are
    # served, hidden folders) and culls an app's kernel after 15 idle minutes.  Its
    # "Voila" section (standalone Voila's address, XSRF) does not apply to a server.
    f"--config={VOILA_CONFIG}",
    # TCP kernels: voila.json's IPC transport ends the port race of a classroom server
    # starting dozens of kernels at once; one student's server starts few, and an IPC
    # socket under a long home path would pass the 107-character limit of a socket name
    "--KernelManager.transport=tcp",
    # a server with no kernel and no activity for an hour stops itself
    "--ServerApp.shutdown_no_activity_timeout=3600",
]

# --- the online tables: a managed service ------------------------------------------

tables_ip = TABLES_IP or c.JupyterHub.hub_ip
c.JupyterHub.services = [{
    "name": TABLES,
    "display": True,                    # listed in the hub's Services menu
    "url": f"http://{tables_ip}:{TABLES_PORT}",
    # the hub's own Python: it needs the project ('.[apps]') installed next to JupyterHub
    "command": [sys.executable, "-m", "classroom.tables"],
    "environment": {"CARDGAMES_DATA_DIR": TABLES_DATA_DIR},
    "oauth_no_confirm": True,           # part of the hub: no "authorize access?" page
    # the service's OAuth tokens (a browser's log-in) may carry the teachers' scope
    "oauth_client_allowed_scopes": [TEACH_SCOPE],
}]
c.JupyterHub.custom_scopes = {
    TEACH_SCOPE: {"description": "Open the card tables' teacher pages: create and start "
                                 "tables, watch every table, replay a finished game."},
}
c.JupyterHub.load_roles = [
    # the service reads whether a user is an admin (the teacher's pages are open to admins)
    {"name": f"{TABLES}-service", "scopes": ["read:users"], "services": [TABLES]},
    # the teachers: the hub's admins above, and every member of the group "teachers"
    # (add one at /hub/admin, no restart)
    {"name": "cardgames-teachers", "description": "Teachers of the card tables",
     "scopes": [TEACH_SCOPE, f"access:services!service={TABLES}"],
     "users": sorted(TEACHERS), "groups": ["teachers"]},
]
# every user may open the tables' pages (JupyterHub >= 6; before: redefine the role "user")
c.JupyterHub.extra_user_scopes = {f"access:services!service={TABLES}"}
# the students' kernels: the seat's websocket, straight to the service (their own
# server's JUPYTERHUB_API_TOKEN goes with it)
c.Spawner.environment = {
    "CARDGAMES_TABLES_URL": f"ws://{tables_ip}:{TABLES_PORT}/services/{TABLES}/tables/ws",
}
# their exercise checks (the teacher's class view, issue 22) are posted to the service's
# class API with the same token: it may use the service (as every user may, above).
# Without the third scope the hub's default for this token (the role "server":
# users:activity, access:servers) is refused by the service (403; tried on JupyterHub
# 6.1.1, tests/hub/test_hub_class_link.py checks the token's scopes and the checks counted)
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                 f"access:services!service={TABLES}"]

# stopping the hub (Ctrl+C, systemctl stop) stops every student's server and the proxy
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
