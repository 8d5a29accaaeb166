from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.uploaded import Uploaded
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    object_id: str,
    *,
    body: list[int],
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    params: dict[str, Any] = {}

    params["expires"] = expires

    params["signature"] = signature


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/admin/order-menu/uploads/{object_id}".format(object_id=quote(str(object_id), safe=""),),
        "params": params,
    }

    _kwargs["content"] = body.payload
    headers["Content-Type"] = "application/octet-stream"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | Uploaded:
    if response.status_code == 200:
        response_200 = Uploaded.from_dict(response.json())



        return response_200

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | Uploaded]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    object_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: list[int],
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> Response[ErrorBody | Uploaded]:
    """ Upload a menu import's workbook (local store)

     The `uploadUrl` of `import-create` when files are kept in the server's folder: the body is the XLSX
    file (at most 20 MiB). No key: the URL's signature authorises it for 10 minutes. A second upload
    before the import starts replaces the file.

    Args:
        object_id (str):
        expires (int | Unset):
        signature (str | Unset):
        body (list[int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Uploaded]
     """


    kwargs = _get_kwargs(
        object_id=object_id,
body=body,
expires=expires,
signature=signature,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    object_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: list[int],
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> ErrorBody | Uploaded | None:
    """ Upload a menu import's workbook (local store)

     The `uploadUrl` of `import-create` when files are kept in the server's folder: the body is the XLSX
    file (at most 20 MiB). No key: the URL's signature authorises it for 10 minutes. A second upload
    before the import starts replaces the file.

    Args:
        object_id (str):
        expires (int | Unset):
        signature (str | Unset):
        body (list[int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Uploaded
     """


    return sync_detailed(
        object_id=object_id,
client=client,
body=body,
expires=expires,
signature=signature,

    ).parsed

async def asyncio_detailed(
    object_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: list[int],
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> Response[ErrorBody | Uploaded]:
    """ Upload a menu import's workbook (local store)

     The `uploadUrl` of `import-create` when files are kept in the server's folder: the body is the XLSX
    file (at most 20 MiB). No key: the URL's signature authorises it for 10 minutes. A second upload
    before the import starts replaces the file.

    Args:
        object_id (str):
        expires (int | Unset):
        signature (str | Unset):
        body (list[int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Uploaded]
     """


    kwargs = _get_kwargs(
        object_id=object_id,
body=body,
expires=expires,
signature=signature,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    object_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: list[int],
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> ErrorBody | Uploaded | None:
    """ Upload a menu import's workbook (local store)

     The `uploadUrl` of `import-create` when files are kept in the server's folder: the body is the XLSX
    file (at most 20 MiB). No key: the URL's signature authorises it for 10 minutes. A second upload
    before the import starts replaces the file.

    Args:
        object_id (str):
        expires (int | Unset):
        signature (str | Unset):
        body (list[int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Uploaded
     """


    return (await asyncio_detailed(
        object_id=object_id,
client=client,
body=body,
expires=expires,
signature=signature,

    )).parsed
