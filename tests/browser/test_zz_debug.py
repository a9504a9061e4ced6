from .conftest import PokerhallServer, VisitorFactory
from .test_table_look import quizpoker_at_a_guess

def test_debug(server: PokerhallServer, visitor: VisitorFactory) -> None:
    person = visitor("Dee")
    quizpoker_at_a_guess(server, person)
    print(person.page.evaluate("""() => ['#game', '#table-panel', '#seats', '#question-panel', '#actions', '#seats-before', '#seats-after', '.table-panel > .section-head'].map(s => {
      const e = document.querySelector(s); const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
      return s + ' ' + [r.x, r.y, r.width, r.height].map(Math.round).join(',') + ' col=' + cs.gridColumnStart + '/' + cs.gridColumnEnd + ' row=' + cs.gridRowStart + '/' + cs.gridRowEnd + ' ' + cs.display;
    }).join('\\n') + '\\n' + getComputedStyle(document.querySelector('#game')).gridTemplateRows + '\\n' + getComputedStyle(document.querySelector('#game')).gridTemplateColumns"""))
