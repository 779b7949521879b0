"""A scripted conversation with `omlint serve` through Python requests and HTTPDigestAuth (a real
client nobody here wrote). Arguments: base URL, user (pub:priv), project id. Prints one JSON object
of what each step answered; test/serve/python.test.ts judges it."""
import json
import sys

import requests
from requests.auth import HTTPDigestAuth

base, user, group = sys.argv[1], sys.argv[2], sys.argv[3]
pub, priv = user.split(":", 1)
s = requests.Session()
s.auth = HTTPDigestAuth(pub, priv)
out = {}


def step(name, r):
    body = None
    if r.content:
        body = r.json()
    out[name] = {"status": r.status_code, "body": body, "headers": dict(r.headers)}
    return body


step("groups", s.get(f"{base}/groups", timeout=10))
configs = step("list", s.get(f"{base}/groups/{group}/alertConfigs", timeout=10))
step("page", s.get(f"{base}/groups/{group}/alertConfigs", params={"pageNum": 2, "itemsPerPage": 1}, timeout=10))
alerts = step("envelope", s.get(f"{base}/groups/{group}/alerts", params={"envelope": "true"}, timeout=10))
alert = alerts["results"][0]["id"]
step("ack", s.patch(f"{base}/groups/{group}/alerts/{alert}", json={"acknowledgedUntil": "2099-01-01T00:00:00Z", "acknowledgementComment": "python"}, timeout=10))
w = step("window", s.post(f"{base}/groups/{group}/maintenanceWindows/", json={"startDate": "2099-01-01T00:00:00Z", "endDate": "2099-01-01T02:00:00Z", "alertTypeNames": ["HOST"]}, timeout=10))
step("window-update", s.patch(f"{base}/groups/{group}/maintenanceWindows/{w['id']}", json={"alertTypeNames": ["HOST", "REPLICA_SET"]}, timeout=10))
step("window-delete", s.delete(f"{base}/groups/{group}/maintenanceWindows/{w['id']}", timeout=10))
step("integration", s.put(f"{base}/groups/{group}/integrations/WEBHOOK", json={"type": "WEBHOOK", "url": "https://hooks.example.com/python/abcdef", "secret": "python-webhook-secret"}, timeout=10))
config = dict(configs["results"][0])
for k in ("id", "groupId", "created", "updated", "links"):
    config.pop(k, None)
config["notifications"] = [{"typeName": "EMAIL", "delayMin": 0, "intervalMin": 5}]
step("invalid", s.put(f"{base}/groups/{group}/alertConfigs/{configs['results'][0]['id']}", json=config, timeout=10))
# Automation: GET, upgrade, PUT; then advance the emulator clock (the control API) until the status converges.
control = base.replace("/api/public/v1.0", "/__omlint")
ac = step("automation-get", s.get(f"{base}/groups/{group}/automationConfig", timeout=10))
ac["mongoDbVersions"].append(dict(ac["mongoDbVersions"][0], name="7.0.14"))
for p in ac["processes"]:
    p["version"] = "7.0.14"
step("automation-put", s.put(f"{base}/groups/{group}/automationConfig", json=ac, timeout=10))
status = step("automation-pending", s.get(f"{base}/groups/{group}/automationStatus", timeout=10))
polls = 0
while any(p["lastGoalVersionAchieved"] != status["goalVersion"] for p in status["processes"]) and polls < 10:
    polls += 1
    step("clock", s.post(f"{control}/clock", json={"seconds": 40}, timeout=10))
    status = step("automation-status", s.get(f"{base}/groups/{group}/automationStatus", timeout=10))
out["polls"] = polls
org = s.get(f"{base}/groups/{group}", timeout=10).json()["orgId"]
events = step("events", s.get(f"{base}/orgs/{org}/events", timeout=10))
step("event", s.get(f"{base}/orgs/{org}/events/{events['results'][0]['id']}", params={"includeRaw": "true"}, timeout=10))
# Live alerts: a measurement above the seeded CONNECTIONS threshold opens an alert (delayMin 0), a lower one closes it.
host = {"hostname": "rs0-1.omlint.example", "port": 27017, "metric": "CONNECTIONS"}
step("measure-high", s.post(f"{control}/groups/{group}/measurements", json=[dict(host, value=6000)], timeout=10))
step("live-open", s.get(f"{base}/groups/{group}/alerts", params={"status": "OPEN"}, timeout=10))
step("measure-low", s.post(f"{control}/groups/{group}/measurements", json=[dict(host, value=10)], timeout=10))
step("live-closed", s.get(f"{base}/groups/{group}/alerts", params={"status": "CLOSED"}, timeout=10))
step("notifications", s.get(f"{control}/notifications", timeout=10))
# Wrong credentials: requests gives up after one challenge.
step("wrong", requests.get(f"{base}/groups", auth=HTTPDigestAuth(pub, priv + "x"), timeout=10))
print(json.dumps(out))
