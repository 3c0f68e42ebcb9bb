"""An OpenID provider for the end-to-end tests, built on pyop (IdentityPython's OpenID Connect
provider library): discovery, the authorization code flow with PKCE, signed ID tokens, JWKS and
end-session are pyop's. What is written here is its web wiring (Flask), a sign-in form that asks
for a user name alone, and three knobs a test turns: rotate the signing key, tamper with the next
ID token's signature, and forget the users' sessions.

    python oidc_provider.py PORT CLIENT_ID CLIENT_SECRET REDIRECT_URI POST_LOGOUT_URI
"""
import json
import sys
import threading
import time
import urllib.parse

import oic.oic.message
from Cryptodome.PublicKey import RSA
from flask import Flask, Response, redirect, request
from jwkest.jwk import RSAKey
from oic.oic.message import EndSessionRequest, IdToken
from pyop.authz_state import AuthorizationState
from pyop.exceptions import InvalidAuthenticationRequest, OAuthError
from pyop.provider import Provider
from pyop.subject_identifier import HashBasedSubjectIdentifierFactory
from pyop.userinfo import Userinfo

PORT, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, POST_LOGOUT_URI = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
ISSUER = f"http://127.0.0.1:{PORT}"

# The library asks an issuer for HTTPS, as it should on a network; this one is on the loopback
# of a test machine, so its check is shown the issuer as it would be over HTTPS and nothing else
# of it changes.
_verify = oic.oic.message.ProviderConfigurationResponse.verify


def _verify_on_loopback(self, **kwargs):
    issuer = self["issuer"]
    self["issuer"] = issuer.replace("http://127.0.0.1:", "https://127.0.0.1:", 1)
    try:
        return _verify(self, **kwargs)
    finally:
        self["issuer"] = issuer


oic.oic.message.ProviderConfigurationResponse.verify = _verify_on_loopback

# The provider's people: a stable `sub` each, the claims the gallery may link or map by.
USERS = {
    "alice": {"sub": "alice-0001", "preferred_username": "alice", "email": "alice@example.org", "email_verified": True,
              "groups": ["photos-admins"], "name": "Alice Example"},
    "max": {"sub": "max-0002", "preferred_username": "max", "email": "max@example.org", "email_verified": True,
            "groups": ["photos-members"], "name": "Max Example"},
    "carol": {"sub": "carol-0003", "preferred_username": "carol", "email": "carol@example.org", "email_verified": True,
              "groups": ["photos-members"], "name": "Carol Example"},
    "maxtwin": {"sub": "max-twin-0004", "preferred_username": "max", "email": "twin@example.org", "email_verified": True,
                "groups": ["photos-members"], "name": "Another Max"},
    "outsider": {"sub": "outsider-0005", "preferred_username": "outsider", "groups": ["others"], "name": "Not In The Household"},
}

lock = threading.Lock()
state = {"key": 1, "tamper": False, "issued": 0}


KEYS = []  # every key it has signed with


def new_key(number: int) -> RSAKey:
    key = RSAKey(key=RSA.generate(2048), alg="RS256", kid=f"key-{number}", use="sig")
    KEYS.append(key)
    return key


def make_provider() -> Provider:
    configuration = {
        "issuer": ISSUER,
        "authorization_endpoint": ISSUER + "/authorize",
        "token_endpoint": ISSUER + "/token",
        "userinfo_endpoint": ISSUER + "/userinfo",
        "jwks_uri": ISSUER + "/jwks",
        "end_session_endpoint": ISSUER + "/logout",
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "scopes_supported": ["openid", "profile", "email", "groups"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        "code_challenge_methods_supported": ["S256"],
        "claims_supported": ["sub", "preferred_username", "email", "email_verified", "groups", "name"],
    }
    clients = {CLIENT_ID: {"client_secret": CLIENT_SECRET, "redirect_uris": [REDIRECT_URI], "response_types": ["code"],
                           "token_endpoint_auth_method": "client_secret_basic", "post_logout_redirect_uris": [POST_LOGOUT_URI]}}
    authz = AuthorizationState(HashBasedSubjectIdentifierFactory("pepper"), {}, {}, {}, {})
    return Provider(new_key(1), configuration, authz, clients, Userinfo(USERS), id_token_lifetime=300)


provider = make_provider()
app = Flask(__name__)


@app.get("/.well-known/openid-configuration")
def discovery():
    return Response(provider.provider_configuration.to_json(), mimetype="application/json")


@app.get("/jwks")
def jwks():
    return Response(json.dumps(provider.jwks), mimetype="application/json")


@app.get("/authorize")
def authorize():
    # The form: the request's own query is carried through it.
    query = urllib.parse.urlencode(request.args)
    return f"""<!doctype html><title>Household sign-in</title>
<form method="post" action="/authorize?{query}"><label for="user">User</label>
<input id="user" name="user" autofocus><button id="go" type="submit">Sign in</button></form>"""


@app.post("/authorize")
def sign_in():
    try:
        auth_request = provider.parse_authentication_request(urllib.parse.urlencode(request.args))
    except InvalidAuthenticationRequest as error:
        return Response(f"invalid request: {error}", status=400)
    user = request.form.get("user", "")
    if user not in USERS:
        return Response("no such user", status=403)
    response = provider.authorize(auth_request, user)
    return redirect(response.request(auth_request["redirect_uri"], False), 303)


def claims_of(user: str, client_id: str) -> dict:
    """What the ID token says of the person: the claims the gallery may read, in the token itself."""
    return {name: USERS[user][name] for name in ["preferred_username", "email", "email_verified", "groups", "name"] if name in USERS[user]}


@app.post("/token")
def token():
    try:
        answer = provider.handle_token_request(request.get_data(as_text=True), request.headers, extra_id_token_claims=claims_of)
    except OAuthError as error:
        return Response(json.dumps({"error": error.oauth_error, "error_description": str(error)}), status=400, mimetype="application/json")
    body = answer.to_dict()
    with lock:
        state["issued"] += 1
        if state["tamper"] and "id_token" in body:
            state["tamper"] = False
            header, payload, signature = body["id_token"].split(".")
            # one character of the signature changed: the token no longer verifies
            body["id_token"] = ".".join([header, payload, ("A" if signature[5] != "A" else "B").join([signature[:5], signature[6:]])])
    return Response(json.dumps(body), mimetype="application/json", headers={"Cache-Control": "no-store"})


@app.get("/logout")
def logout():
    # pyop's logout_user and do_post_logout_redirect, with every key this provider signed with
    # (pyop reads a hint with its current key alone, and a test rotates it)
    end = EndSessionRequest().from_urlencoded(urllib.parse.urlencode(request.args))
    target = None
    if "id_token_hint" in end:
        hint = IdToken().from_jwt(end["id_token_hint"], key=KEYS)
        provider.authz_state.delete_state_for_subject_identifier(hint["sub"])
        uri = end.get("post_logout_redirect_uri")
        if uri and uri in provider.clients[hint["aud"][0]].get("post_logout_redirect_uris", []):
            target = uri
    with lock:
        state["logged_out"] = state.get("logged_out", 0) + 1
    return redirect(target, 303) if target else "You are signed out of the household's provider."


@app.post("/knobs/rotate")
def rotate():
    with lock:
        state["key"] += 1
        provider.signing_key = new_key(state["key"])
    return {"kid": provider.signing_key.kid}


@app.post("/knobs/tamper")
def tamper():
    with lock:
        state["tamper"] = True
    return {"tamper": True}


@app.get("/knobs/state")
def knobs():
    return {"key": state["key"], "issued": state["issued"], "logged_out": state.get("logged_out", 0)}


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(PORT), threaded=True)
