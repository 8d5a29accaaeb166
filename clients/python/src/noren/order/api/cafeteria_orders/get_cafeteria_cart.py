from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.cart import Cart
from ...models.error_body import ErrorBody
from ...models.get_cafeteria_cart_lang import GetCafeteriaCartLang
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    token: str,
    lang: GetCafeteriaCartLang | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["token"] = token

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/cafeteria/{id}/cart".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Cart | ErrorBody:
    if response.status_code == 200:
        response_200 = Cart.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Cart | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
    lang: GetCafeteriaCartLang | Unset = UNSET,

) -> Response[Cart | ErrorBody]:
    """ Retrieve the order's cart

    Args:
        id (str):
        token (str):
        lang (GetCafeteriaCartLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Cart | ErrorBody]
     """


    kwargs = _get_kwargs(
        id=id,
token=token,
lang=lang,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
    lang: GetCafeteriaCartLang | Unset = UNSET,

) -> Cart | ErrorBody | None:
    """ Retrieve the order's cart

    Args:
        id (str):
        token (str):
        lang (GetCafeteriaCartLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Cart | ErrorBody
     """


    return sync_detailed(
        id=id,
client=client,
token=token,
lang=lang,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
    lang: GetCafeteriaCartLang | Unset = UNSET,

) -> Response[Cart | ErrorBody]:
    """ Retrieve the order's cart

    Args:
        id (str):
        token (str):
        lang (GetCafeteriaCartLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Cart | ErrorBody]
     """


    kwargs = _get_kwargs(
        id=id,
token=token,
lang=lang,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
    lang: GetCafeteriaCartLang | Unset = UNSET,

) -> Cart | ErrorBody | None:
    """ Retrieve the order's cart

    Args:
        id (str):
        token (str):
        lang (GetCafeteriaCartLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Cart | ErrorBody
     """


    return (await asyncio_detailed(
        id=id,
client=client,
token=token,
lang=lang,

    )).parsed
