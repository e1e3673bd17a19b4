import { limitReachedCopy } from './limit-reached';

describe(limitReachedCopy.name, () => {
  it('tells a free user that all free generations are used (3 by default)', () => {
    expect(limitReachedCopy()).toEqual({
      title: "You've reached your free limit",
      description: "You've used all 3 free generations. Upgrade to keep creating videos.",
    });
    expect(limitReachedCopy(5).description).toContain('all 5 free generations');
  });

  it("speaks of the plan's monthly generations to a subscriber", () => {
    expect(limitReachedCopy(60, true)).toEqual({
      title: "You've used this month's generations",
      description: "You've used all 60 generations of your plan this month. Buy additional generations to keep creating.",
    });
  });
});
