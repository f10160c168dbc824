import { expect } from '@open-wc/testing';
import { createConsent, type ConsentOptions, type TcData } from '../../src/autolink/consent.js';
import { cmp, LISTENER_ID, tc } from './support/tcf-stub.js';
import { env, resetWidgets } from '../../src/page/env.js';

/** The decisions a gate tells its subscribers, in order. */
function told(gate: ReturnType<typeof createConsent>) {
  const decisions: boolean[] = [];
  gate.subscribe((allowed) => decisions.push(allowed));
  return decisions;
}

describe('consent: TCF', () => {
  it('allows when the CMP has loaded with consent to purpose 1', () => {
    const stub = cmp(tc('tcloaded', [1]));
    const gate = createConsent({ win: { __tcfapi: stub.api } });
    expect(gate.allowed()).to.equal(true);
    expect(stub.calls[0]).to.deep.equal({
      command: 'addEventListener',
      version: 2,
      parameter: undefined,
    });
  });

  it('does not allow on a refusal', () => {
    const gate = createConsent({ win: { __tcfapi: cmp(tc('tcloaded', [])).api } });
    expect(gate.allowed()).to.equal(false);
  });

  it('waits for a CMP that shows its banner first, then tells subscribers once', () => {
    const stub = cmp();
    const gate = createConsent({ win: { __tcfapi: stub.api } });
    const decisions = told(gate);
    expect(gate.allowed()).to.equal(undefined);
    stub.send(tc('cmpuishown', []));
    expect(gate.allowed()).to.equal(undefined);
    expect(decisions).to.deep.equal([]);
    stub.send(tc('useractioncomplete', [1]));
    expect(gate.allowed()).to.equal(true);
    // The same decision again is no new decision.
    stub.send(tc('useractioncomplete', [1]));
    expect(decisions).to.deep.equal([true]);
  });

  it('follows a withdrawn consent', () => {
    const stub = cmp(tc('tcloaded', [1]));
    const gate = createConsent({ win: { __tcfapi: stub.api } });
    const decisions = told(gate);
    stub.send(tc('useractioncomplete', []));
    expect(gate.allowed()).to.equal(false);
    expect(decisions).to.deep.equal([false]);
  });

  it('needs every configured purpose: [1, 3] with 3 missing is a refusal', () => {
    const win = { __tcfapi: cmp(tc('tcloaded', [1, 2])).api };
    expect(createConsent({ win, purposes: [1, 3] }).allowed()).to.equal(false);
    const all = { __tcfapi: cmp(tc('tcloaded', [1, 3])).api };
    expect(createConsent({ win: all, purposes: [1, 3] }).allowed()).to.equal(true);
  });

  it('counts consent only, not legitimate interest', () => {
    const data = tc('tcloaded', []);
    data.purpose!.legitimateInterests = { 1: true };
    expect(createConsent({ win: { __tcfapi: cmp(data).api } }).allowed()).to.equal(false);
  });

  it('allows when GDPR does not apply', () => {
    const data: TcData = { eventStatus: 'tcloaded', gdprApplies: false, listenerId: LISTENER_ID };
    expect(createConsent({ win: { __tcfapi: cmp(data).api } }).allowed()).to.equal(true);
  });

  it('ignores an unsuccessful answer', () => {
    const stub = cmp();
    const gate = createConsent({ win: { __tcfapi: stub.api } });
    stub.send(tc('tcloaded', [1]), false);
    expect(gate.allowed()).to.equal(undefined);
  });

  it('stop() removes its TCF listener with the listener id', () => {
    const stub = cmp(tc('tcloaded', [1]));
    const gate = createConsent({ win: { __tcfapi: stub.api } });
    const decisions = told(gate);
    gate.stop();
    expect(stub.calls.map((c) => c.command)).to.deep.equal([
      'addEventListener',
      'removeEventListener',
    ]);
    expect(stub.calls[1]).to.deep.equal({
      command: 'removeEventListener',
      version: 2,
      parameter: LISTENER_ID,
    });
    stub.send(tc('useractioncomplete', []));
    expect(decisions).to.deep.equal([]);
    gate.stop();
    expect(stub.calls).to.have.length(2);
  });

  it('stop() before the CMP answers removes the listener once its id is known', () => {
    const stub = cmp();
    const gate = createConsent({ win: { __tcfapi: stub.api } });
    gate.stop();
    expect(stub.calls).to.have.length(1);
    stub.send(tc('tcloaded', [1]));
    expect(stub.calls[1]).to.deep.equal({
      command: 'removeEventListener',
      version: 2,
      parameter: LISTENER_ID,
    });
    expect(gate.allowed()).to.equal(undefined);
  });
});

describe('consent: GPC and no CMP', () => {
  const gpcOn = { navigator: { globalPrivacyControl: true } };

  it('allows with no CMP and no GPC', () => {
    expect(createConsent({ win: { navigator: {} } }).allowed()).to.equal(true);
    expect(createConsent({ win: {} }).allowed()).to.equal(true);
  });

  it('does not allow with GPC on, whatever the CMP would say', () => {
    const stub = cmp(tc('tcloaded', [1]));
    const gate = createConsent({ win: { ...gpcOn, __tcfapi: stub.api } });
    expect(gate.allowed()).to.equal(false);
    expect(createConsent({ win: gpcOn }).allowed()).to.equal(false);
    gate.stop();
    expect(stub.calls).to.deep.equal([]);
  });

  it('lets TCF decide with GPC on and gpc "ignore"', () => {
    const yes = { ...gpcOn, __tcfapi: cmp(tc('tcloaded', [1])).api };
    expect(createConsent({ win: yes, gpc: 'ignore' }).allowed()).to.equal(true);
    const no = { ...gpcOn, __tcfapi: cmp(tc('tcloaded', [])).api };
    expect(createConsent({ win: no, gpc: 'ignore' }).allowed()).to.equal(false);
    expect(createConsent({ win: gpcOn, gpc: 'ignore' }).allowed()).to.equal(true);
  });

  it('reads globalThis by default', () => {
    const gpc = (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    const expected = gpc !== true;
    expect(createConsent().allowed()).to.equal(expected);
  });
});

describe('consent: manual', () => {
  it('is undefined until set(), and tells subscribers each new decision', () => {
    const stub = cmp(tc('tcloaded', []));
    const gate = createConsent({ mode: 'manual', win: { __tcfapi: stub.api } });
    const decisions = told(gate);
    expect(gate.allowed()).to.equal(undefined);
    gate.set(true);
    expect(gate.allowed()).to.equal(true);
    gate.set(true);
    gate.set(false);
    expect(gate.allowed()).to.equal(false);
    expect(decisions).to.deep.equal([true, false]);
    // The CMP is not asked in manual mode.
    expect(stub.calls).to.deep.equal([]);
  });

  it('an unsubscribed listener is not told', () => {
    const gate = createConsent({ mode: 'manual', win: {} });
    const decisions: boolean[] = [];
    const unsubscribe = gate.subscribe((allowed) => decisions.push(allowed));
    unsubscribe();
    gate.set(true);
    expect(decisions).to.deep.equal([]);
  });

  it('a throwing listener is logged and does not keep the others from being told', () => {
    const gate = createConsent({ mode: 'manual', win: {} });
    const logged: unknown[][] = [];
    env.warn = (...data) => void logged.push(data);
    try {
      gate.subscribe(() => {
        throw new Error('listener');
      });
      const decisions = told(gate);
      gate.set(true);
      expect(decisions).to.deep.equal([true]);
    } finally {
      resetWidgets();
    }
    expect(logged).to.have.length(1);
    expect((logged[0][1] as Error).message).to.equal('listener');
  });

  it('respects GPC: set(true) does not allow, unless gpc "ignore"', () => {
    const win = { navigator: { globalPrivacyControl: true } };
    const gate = createConsent({ mode: 'manual', win });
    gate.set(true);
    expect(gate.allowed()).to.equal(false);
    const ignoring = createConsent({ mode: 'manual', win, gpc: 'ignore' });
    expect(ignoring.allowed()).to.equal(undefined);
    ignoring.set(true);
    expect(ignoring.allowed()).to.equal(true);
  });

  it('stop() leaves subscribers untold', () => {
    const gate = createConsent({ mode: 'manual', win: {} });
    const decisions = told(gate);
    gate.stop();
    gate.set(true);
    expect(decisions).to.deep.equal([]);
  });
});

describe('consent: invalid options and calls', () => {
  const throwsNaming = (options: unknown, name: string) =>
    expect(() => createConsent(options as ConsentOptions))
      .to.throw(TypeError)
      .with.property('message')
      .that.includes(`"${name}"`);

  it('throws naming the option', () => {
    throwsNaming({ mode: 'banner' }, 'mode');
    throwsNaming({ purposes: [1, 0] }, 'purposes');
    throwsNaming({ purposes: [1.5] }, 'purposes');
    throwsNaming({ purposes: ['1'] }, 'purposes');
    throwsNaming({ purposes: [] }, 'purposes');
    throwsNaming({ purposes: 1 }, 'purposes');
    throwsNaming({ gpc: 'yes' }, 'gpc');
  });

  it('set() in auto mode throws, saying it is for manual mode', () => {
    const gate = createConsent({ win: {} });
    expect(() => gate.set(false)).to.throw(TypeError, /set\(\).*"manual"/);
    expect(gate.allowed()).to.equal(true);
  });

  it('set() takes only a boolean', () => {
    const gate = createConsent({ mode: 'manual', win: {} });
    expect(() => gate.set('yes' as unknown as boolean)).to.throw(TypeError, /set\(\)/);
    expect(gate.allowed()).to.equal(undefined);
  });
});
