from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.lookup_form import LookupForm
from ...models.lookup_menus_post_response_200 import LookupMenusPostResponse200
from ...models.lookup_values import LookupValues
from typing import cast



def _get_kwargs(
    *,
    body:    LookupValues  |     LookupForm  | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/order/menus/lookup",
    }

    if isinstance(body, LookupValues):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, LookupForm):
        _kwargs["data"] = body.to_dict()
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | LookupMenusPostResponse200:
    if response.status_code == 200:
        response_200 = LookupMenusPostResponse200.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | LookupMenusPostResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body:    LookupValues  |     LookupForm  | Unset = UNSET,

) -> Response[ErrorBody | LookupMenusPostResponse200]:
    """ Look up menus by id (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (LookupValues): Values of the lookup call.
        body (LookupForm): The POST call's values as form fields (a form has no null: leave `lang`
            out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LookupMenusPostResponse200]
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
    client: AuthenticatedClient | Client,
    body:    LookupValues  |     LookupForm  | Unset = UNSET,

) -> ErrorBody | LookupMenusPostResponse200 | None:
    """ Look up menus by id (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (LookupValues): Values of the lookup call.
        body (LookupForm): The POST call's values as form fields (a form has no null: leave `lang`
            out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LookupMenusPostResponse200
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body:    LookupValues  |     LookupForm  | Unset = UNSET,

) -> Response[ErrorBody | LookupMenusPostResponse200]:
    """ Look up menus by id (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (LookupValues): Values of the lookup call.
        body (LookupForm): The POST call's values as form fields (a form has no null: leave `lang`
            out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LookupMenusPostResponse200]
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
    client: AuthenticatedClient | Client,
    body:    LookupValues  |     LookupForm  | Unset = UNSET,

) -> ErrorBody | LookupMenusPostResponse200 | None:
    """ Look up menus by id (POST)

     The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body.
    Values in the query are read too, as in the GET call.

    Args:
        body (LookupValues): Values of the lookup call.
        body (LookupForm): The POST call's values as form fields (a form has no null: leave `lang`
            out for `en`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LookupMenusPostResponse200
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
