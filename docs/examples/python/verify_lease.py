"""Reference verifier of a LentiBooth licence lease (docs/license-api.md, "Verifying a lease in
other languages"), in Python with the `cryptography` package only, so that each check is visible
and can be ported line by line to C#, Swift or C++. A JOSE library does the same; whichever is
used, it must pass docs/license-test-vectors.json (see test_verify_lease.py).

    result = verify_lease(lease, jwks, issuer="https://shop.example.com",
                          device_id="lb-...", now=time.time(), tolerance_seconds=3600)
    result.result  # "valid", "expired", "not_yet_valid", "unknown_key" or "invalid"
    result.due     # in grace (renewal unpaid): when payment became due, else None
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field
from typing import Any, Optional

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

LEASE_ALG = "EdDSA"
LEASE_TYP = "lease+jwt"
# base64url without padding (RFC 7515 §2): anything else is not a JWS segment.
_SEGMENT = re.compile(r"^[A-Za-z0-9_-]*$")


@dataclass
class LeaseResult:
    result: str  # valid | expired | not_yet_valid | unknown_key | invalid
    reason: str
    claims: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.result == "valid"

    @property
    def due(self) -> Optional[float]:
        """Only for a lease in grace: when the licence's renewal became due (seconds). The
        licence works until lic_exp all the same: show a banner with that date, never lock out."""
        due = self.claims.get("due")
        return due if _is_number(due) else None


def _refuse(result: str, reason: str) -> LeaseResult:
    return LeaseResult(result, reason)


def _b64url_decode(segment: str) -> bytes:
    if not _SEGMENT.match(segment) or len(segment) % 4 == 1:
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))


def _json_object(segment: str) -> Optional[dict[str, Any]]:
    try:
        value = json.loads(_b64url_decode(segment).decode("utf-8"))
    except (ValueError, UnicodeDecodeError, binascii.Error):
        return None
    return value if isinstance(value, dict) else None


def _is_number(value: Any) -> bool:
    # JSON true/false are bools in Python, and bool is a subclass of int: not a time.
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _ed25519_keys(jwks: dict[str, Any]) -> dict[str, Ed25519PublicKey]:
    """The JWKS's Ed25519 public signing keys by kid; any other key is ignored."""
    keys: dict[str, Ed25519PublicKey] = {}
    for jwk in jwks.get("keys", []) if isinstance(jwks, dict) else []:
        if not isinstance(jwk, dict) or jwk.get("kty") != "OKP" or jwk.get("crv") != "Ed25519":
            continue
        if "d" in jwk or jwk.get("alg", LEASE_ALG) != LEASE_ALG or jwk.get("use", "sig") != "sig":
            continue
        if not isinstance(jwk.get("kid"), str) or not isinstance(jwk.get("x"), str):
            continue
        try:
            keys[jwk["kid"]] = Ed25519PublicKey.from_public_bytes(_b64url_decode(jwk["x"]))
        except ValueError:
            continue
    return keys


def verify_lease(
    lease: str,
    jwks: dict[str, Any],
    *,
    issuer: str,
    device_id: str,
    now: float,
    tolerance_seconds: float,
) -> LeaseResult:
    # 1. Three base64url parts; header and payload are JSON objects.
    parts = lease.split(".")
    if len(parts) != 3:
        return _refuse("invalid", "not three parts")
    header_segment, payload_segment, signature_segment = parts
    header = _json_object(header_segment)
    if header is None:
        return _refuse("invalid", "the header is not a JSON object")

    # 2. The header: EdDSA only (never "none", never an HMAC keyed with the public key), the
    #    lease's own typ, and a kid this booth trusts.
    if header.get("alg") != LEASE_ALG:
        return _refuse("invalid", f"alg {header.get('alg')!r} is not EdDSA")
    if header.get("typ") != LEASE_TYP:
        return _refuse("invalid", f"typ {header.get('typ')!r} is not lease+jwt")
    kid = header.get("kid")
    if not isinstance(kid, str) or not kid:
        return _refuse("invalid", "the header names no key (kid)")
    key = _ed25519_keys(jwks).get(kid)
    if key is None:
        return _refuse("unknown_key", f"no trusted key has kid {header.get('kid')!r}")

    # 3. The signature, over the segments exactly as received (never re-serialised).
    try:
        signature = _b64url_decode(signature_segment)
        key.verify(signature, f"{header_segment}.{payload_segment}".encode("ascii"))
    except (ValueError, binascii.Error, InvalidSignature):
        return _refuse("invalid", "the signature does not verify")

    # 4. The claims: whose lease, for which device.
    claims = _json_object(payload_segment)
    if claims is None:
        return _refuse("invalid", "the payload is not a JSON object")
    if claims.get("iss") not in (issuer.rstrip("/"), issuer.rstrip("/") + "/"):
        return _refuse("invalid", f"iss {claims.get('iss')!r} is not {issuer!r}")
    if claims.get("dev") != device_id:
        return _refuse("invalid", "the lease belongs to another device")
    if not isinstance(claims.get("sub"), str) or not isinstance(claims.get("typ"), str):
        return _refuse("invalid", "sub or typ is missing")
    if not _is_number(claims.get("iat")) or not _is_number(claims.get("exp")):
        return _refuse("invalid", "iat or exp is missing")
    if "nbf" in claims and not _is_number(claims["nbf"]):
        return _refuse("invalid", "nbf is not a number")
    # lic_exp must be there: null is a licence that never ends (the server writes it so); a lease
    # without it is not one the server issued, never read as "never ends".
    if "lic_exp" not in claims:
        return _refuse("invalid", "lic_exp is missing (null for a licence that never ends)")
    lic_exp = claims["lic_exp"]
    if lic_exp is not None and not _is_number(lic_exp):
        return _refuse("invalid", "lic_exp is neither a number nor null")

    # 5. The times, against the booth's offset-corrected clock with the tolerance.
    if "nbf" in claims and claims["nbf"] > now + tolerance_seconds:
        return _refuse("not_yet_valid", "the licence has not started")
    if claims["exp"] <= now - tolerance_seconds:
        return _refuse("expired", "the lease has expired")
    if lic_exp is not None and lic_exp <= now - tolerance_seconds:
        return _refuse("expired", "the licence has expired")
    # Any other claim (due, nonce, kfp) changes no result: due only adds a warning (LeaseResult.due).
    return LeaseResult("valid", "valid", claims)
