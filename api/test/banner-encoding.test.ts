// The re-encoding step on its own: libvips refuses more pixels than 4000 x 4000 from the header,
// before decoding, even for bytes the upload's header check never saw.
import { BANNER_MAX_INPUT_PIXELS, BannerDecodeError, encodeBanner } from '../src/uploads/banner-encoding';
import { solid } from './support/images';

describe('encodeBanner', () => {
  it('refuses an image above BANNER_MAX_INPUT_PIXELS as too many pixels', async () => {
    expect(BANNER_MAX_INPUT_PIXELS).toBe(16_000_000);
    const over = await solid(4001, 4000, 'png');
    await expect(encodeBanner(over)).rejects.toBeInstanceOf(BannerDecodeError);
    await expect(encodeBanner(over)).rejects.toHaveProperty('reason', 'pixels');
  });

  it('draws exactly the limit: the page inside 1600 x 1600, the card inside 480 x 480', async () => {
    const { page, card } = await encodeBanner(await solid(4000, 4000, 'png'));
    expect([page.width, page.height, card.width, card.height]).toEqual([1600, 1600, 480, 480]);
  });

  it('refuses bytes that are not a whole image as damaged', async () => {
    const whole = await solid(400, 200, 'png');
    await expect(encodeBanner(whole.subarray(0, whole.length - 30))).rejects.toHaveProperty('reason', 'damaged');
  });
});
