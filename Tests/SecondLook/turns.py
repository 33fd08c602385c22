#!/usr/bin/python3
"""Document images turned a quarter, a half and three quarters round: each
image (with its truth NAME.txt beside it) saved three times as a JPEG at
quality 95, as a scan or photo taken the wrong way round is.

    /usr/bin/python3 Tests/SecondLook/turns.py --out DIR IMAGE...

Writes DIR/NAME_r90.jpg, NAME_r180.jpg and NAME_r270.jpg (turned clockwise
by that many degrees) with their truth beside them. The stills go through
the element like the phone photos: `plugin/mrz-eval.sh --set photos
--photos DIR`.
"""
import argparse
import os
import shutil

import cv2

TURNS = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--out', required=True)
    parser.add_argument('images', nargs='+')
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    for path in options.images:
        image = cv2.imread(path)
        if image is None:
            raise SystemExit(f'{path}: cannot read')
        stem = os.path.splitext(os.path.basename(path))[0]
        for degrees, code in TURNS.items():
            name = os.path.join(options.out, f'{stem}_r{degrees}')
            cv2.imwrite(name + '.jpg', cv2.rotate(image, code), [cv2.IMWRITE_JPEG_QUALITY, 95])
            shutil.copy(os.path.splitext(path)[0] + '.txt', name + '.txt')
            print(f'{stem}_r{degrees}', flush=True)


if __name__ == '__main__':
    main()
