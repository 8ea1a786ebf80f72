"""Rounded masks drawn the fast way (supersampling only where the outline curves) match the
whole shape supersampled, for cards, pills, badges and odd sizes."""

import pytest
from PIL import ImageChops, ImageStat

from tabletop.table import paint


@pytest.mark.parametrize("size, radius, inset", [
    ((300, 420), 15, 0), ((90, 126), 6, 0), ((1200, 80), 18, 0), ((500, 300), 0, 0),
    ((240, 46), 23, 0), ((241, 47), 23.5, 0), ((240, 46), 12, 1.5), ((200, 40), 20, 1.25),
    ((64, 64), 10, 0), ((30, 30), 15, 0), ((120, 36), 18, 0), ((36, 120), 18, 0), ((12, 9), 6, 0),
])
def test_a_rounded_mask_matches_the_whole_shape_supersampled(size, radius, inset):
    paint.rounded_mask.cache_clear()
    fast = paint.rounded_mask(size, radius, inset)
    whole = paint._rounded_mask_whole(size, radius, inset)
    assert fast.size == whole.size == size
    diff = ImageChops.difference(fast, whole)
    assert diff.getextrema()[1] <= 8                     # a few levels at most, at an edge
    assert ImageStat.Stat(diff).mean[0] < 0.2


def test_a_cards_mask_is_opaque_inside_and_clear_at_its_corners():
    m = paint.rounded_mask((300, 420), 20)
    assert m.getpixel((150, 210)) == 255 and m.getpixel((150, 0)) == 255
    assert m.getpixel((0, 0)) == 0 and m.getpixel((299, 419)) == 0
