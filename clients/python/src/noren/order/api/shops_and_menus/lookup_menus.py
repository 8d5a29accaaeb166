from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.lookup_menus_lang import LookupMenusLang
from ...models.lookup_menus_response_200 import LookupMenusResponse200
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    ids: str,
    lang: LookupMenusLang | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["ids"] = ids

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/order/menus/lookup",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | LookupMenusResponse200:
    if response.status_code == 200:
        response_200 = LookupMenusResponse200.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | LookupMenusResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    ids: str,
    lang: LookupMenusLang | Unset = UNSET,

) -> Response[ErrorBody | LookupMenusResponse200]:
    """ Look up menus by id

    Args:
        ids (str): Menu ids separated by commas (at most 100); a JSON body may give an array of
            integers.
        lang (LookupMenusLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LookupMenusResponse200]
     """


    kwargs = _get_kwargs(
        ids=ids,
lang=lang,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    ids: str,
    lang: LookupMenusLang | Unset = UNSET,

) -> ErrorBody | LookupMenusResponse200 | None:
    """ Look up menus by id

    Args:
        ids (str): Menu ids separated by commas (at most 100); a JSON body may give an array of
            integers.
        lang (LookupMenusLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LookupMenusResponse200
     """


    return sync_detailed(
        client=client,
ids=ids,
lang=lang,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    ids: str,
    lang: LookupMenusLang | Unset = UNSET,

) -> Response[ErrorBody | LookupMenusResponse200]:
    """ Look up menus by id

    Args:
        ids (str): Menu ids separated by commas (at most 100); a JSON body may give an array of
            integers.
        lang (LookupMenusLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LookupMenusResponse200]
     """


    kwargs = _get_kwargs(
        ids=ids,
lang=lang,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    ids: str,
    lang: LookupMenusLang | Unset = UNSET,

) -> ErrorBody | LookupMenusResponse200 | None:
    """ Look up menus by id

    Args:
        ids (str): Menu ids separated by commas (at most 100); a JSON body may give an array of
            integers.
        lang (LookupMenusLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LookupMenusResponse200
     """


    return (await asyncio_detailed(
        client=client,
ids=ids,
lang=lang,

    )).parsed
