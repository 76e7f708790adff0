/**
 * The few W3C WebDriver (classic) commands the engine flows use, over fetch, for WebKitGTK's
 * WebKitWebDriver driving MiniBrowser. It starts the driver under its own virtual display
 * (`xvfb-run -a`) on a free loopback port and stops both with the session.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../service/web/free-ports.js';
import { PNG } from 'pngjs';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const SHADOW = 'shadow-6066-11e4-a52e-4f735466cecf';
export type ElementRef = { [ELEMENT]: string };
type ShadowRef = { [SHADOW]: string };

export const WEBKIT_BROWSER = process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export class WebDriverSession {
  readonly #base: string;
  readonly #driver: ChildProcess;

  private constructor(base: string, driver: ChildProcess) {
    this.#base = base;
    this.#driver = driver;
  }

  static async start(args: string[] = []): Promise<WebDriverSession> {
    const port = await freePort();
    const driver = spawn(
      'xvfb-run',
      ['-a', '-s', '-screen 0 1600x3200x24', process.env.WEBKIT_DRIVER_PATH ?? 'WebKitWebDriver', `--port=${port}`],
      {
        detached: true,
        stdio: 'ignore',
      },
    );
    const server = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${server}/status`)).ok) break;
      } catch {
        if (tries > 100) throw new Error(`WebKitWebDriver did not start on port ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const created = (await send(server, 'POST', '/session', {
      capabilities: {
        alwaysMatch: { 'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER, args: ['--automation', ...args] } },
      },
    })) as { sessionId: string };
    return new WebDriverSession(`${server}/session/${created.sessionId}`, driver);
  }

  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return send(this.#base, method, path, body) as Promise<T>;
  }

  navigate = (url: string) => this.command('POST', '/url', { url });
  setWindowSize = (width: number, height: number) => this.command('POST', '/window/rect', { width, height });

  /** The elements matching `css` in the document, or in the shadow root of `host`. */
  async findAll(css: string, host?: ElementRef): Promise<ElementRef[]> {
    const body = { using: 'css selector', value: css };
    if (!host) return this.command('POST', '/elements', body);
    const shadow = await this.command<ShadowRef>('GET', `/element/${host[ELEMENT]}/shadow`);
    return this.command('POST', `/shadow/${shadow[SHADOW]}/elements`, body);
  }

  sendKeys = (element: ElementRef, text: string) =>
    this.command('POST', `/element/${element[ELEMENT]}/value`, { text });
  scrollIntoView = (element: ElementRef) => this.execute('arguments[0].scrollIntoView({ block: "center" })', [element]);
  /** A real pointer click at the element's centre (Element Click answers "intercepted" in shadow roots). */
  click = async (element: ElementRef) => {
    await this.scrollIntoView(element);
    return this.command('POST', '/actions', {
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', origin: element, x: 0, y: 0 },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
  };
  press = (key: string) =>
    this.command('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: key },
            { type: 'keyUp', value: key },
          ],
        },
      ],
    });
  /** Runs `script` (a function body; `arguments` holds `args`) in the page; a returned promise is awaited. */
  execute = <T>(script: string, args: unknown[] = []) => this.command<T>('POST', '/execute/sync', { script, args });
  /**
   * The element, cut from a screenshot of the viewport: WebKitGTK's element screenshot draws its
   * box shifted down, so the element must fit in the window.
   */
  async screenshot(element: ElementRef): Promise<Buffer> {
    const box = await this.execute<{ x: number; y: number; width: number; height: number; scale: number }>(
      'const r = arguments[0].getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height, scale: devicePixelRatio };',
      [element],
    );
    const page = PNG.sync.read(Buffer.from(await this.command<string>('GET', '/screenshot'), 'base64'));
    const [x, y] = [Math.round(box.x * box.scale), Math.round(box.y * box.scale)];
    const width = Math.min(Math.round(box.width * box.scale), page.width - x);
    const height = Math.min(Math.round(box.height * box.scale), page.height - y);
    const cut = new PNG({ width, height });
    PNG.bitblt(page, cut, x, y, width, height, 0, 0);
    return PNG.sync.write(cut);
  }

  async close(): Promise<void> {
    await this.command('DELETE', '').catch(() => undefined);
    try {
      process.kill(-this.#driver.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

async function send(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await response.json()) as { value: unknown };
  if (!response.ok) {
    const error = value as { error?: string; message?: string };
    throw new Error(`WebDriver ${method} ${path}: ${error.error ?? response.status}: ${error.message ?? ''}`);
  }
  return value;
}
