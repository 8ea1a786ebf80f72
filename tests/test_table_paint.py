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


@pytest.mark.parametrize("size", [(2800, 800), (1234, 77), (77, 1234), (61, 33), (900, 55), (300, 420)])
@pytest.mark.parametrize("radius, outline, width, top", [
    (0, None, 0, None), (18, (255, 255, 255, 34), 1.5, None), (36.2, (255, 255, 255, 34), 3.0, None),
    (9, (200, 150, 20, 150), 2.7, (40, 50, 60, 255)), (3.5, None, 0, (40, 50, 60, 255)),
])
def test_a_big_rounded_rect_drawn_small_and_stretched_has_the_pixels_of_one_drawn_whole(
        size, radius, outline, width, top):
    import pygame
    from tabletop.table.pgsetup import init_offscreen
    init_offscreen()
    for fill in ((0, 0, 0, 46), (22, 26, 32, 235)):
        fast = paint.rounded_rect(size, radius, fill, outline, width, top)
        whole = paint._rounded_rect(size, radius, fill, outline, width, top)
        assert fast.get_size() == whole.get_size() == size
        assert pygame.image.tobytes(fast, "RGBA") == pygame.image.tobytes(whole, "RGBA")
