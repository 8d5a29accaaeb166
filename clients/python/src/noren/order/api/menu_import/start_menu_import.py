from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.import_state import ImportState
from ...models.start_import_values import StartImportValues
from typing import cast



def _get_kwargs(
    *,
    body: StartImportValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/order-menu/import-start",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | ImportState:
    if response.status_code == 200:
        response_200 = ImportState.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | ImportState]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: StartImportValues,

) -> Response[ErrorBody | ImportState]:
    """ Start a menu import (now or at performAt)

     Queues the import as a background job, to run now or at `performAt`; follow it with `import-state`.
    The import is applied in one transaction: all of its valid rows or nothing (rows the report lists as
    failed are left out). A restarted server runs an interrupted import again from the start.

    Args:
        body (StartImportValues): Values of `import-start`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ImportState]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: StartImportValues,

) -> ErrorBody | ImportState | None:
    """ Start a menu import (now or at performAt)

     Queues the import as a background job, to run now or at `performAt`; follow it with `import-state`.
    The import is applied in one transaction: all of its valid rows or nothing (rows the report lists as
    failed are left out). A restarted server runs an interrupted import again from the start.

    Args:
        body (StartImportValues): Values of `import-start`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ImportState
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: StartImportValues,

) -> Response[ErrorBody | ImportState]:
    """ Start a menu import (now or at performAt)

     Queues the import as a background job, to run now or at `performAt`; follow it with `import-state`.
    The import is applied in one transaction: all of its valid rows or nothing (rows the report lists as
    failed are left out). A restarted server runs an interrupted import again from the start.

    Args:
        body (StartImportValues): Values of `import-start`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ImportState]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: StartImportValues,

) -> ErrorBody | ImportState | None:
    """ Start a menu import (now or at performAt)

     Queues the import as a background job, to run now or at `performAt`; follow it with `import-state`.
    The import is applied in one transaction: all of its valid rows or nothing (rows the report lists as
    failed are left out). A restarted server runs an interrupted import again from the start.

    Args:
        body (StartImportValues): Values of `import-start`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ImportState
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
